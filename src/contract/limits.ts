/**
 * The longest URL a field may hold once percent-encoded. A constant of its own as well as LIMITS.urlMax: the post page
 * checks it (productCheck.ts), and the build writes a constant in place, so readers do not download the whole table.
 */
export const URL_MAX = 2_048;

// Size limits shared by the editor (maxLength hints) and the API (validation). The spec sets none; these bound each
// field and list for real articles, and bodyMaxBytes bounds a whole post (filling every field to its maximum would not fit).
export const LIMITS = {
  /** post title, section titles, column headings, product titles */
  titleMax: 200,
  /** author name/title, price, publish date, read time, icon names */
  shortTextMax: 120,
  /** section paragraphs and product descriptions */
  paragraphMax: 10_000,
  /** one bullet in a list */
  listItemMax: 1_000,
  urlMax: URL_MAX,
  /** the header image's alt text (a sentence or two on what the photo shows) */
  imageAltMax: 300,
  /** an image section's caption, and a video section's */
  captionMax: 500,
  /** a pull quote's words */
  quoteMax: 1_000,
  sectionsMax: 50,
  listItemsMax: 100,
  columnsMax: 2,
  productsMax: 30,
  accessTokenMax: 512,
  /** JSON request body for POST /api/blogs */
  bodyMaxBytes: 1_048_576,
  /** one uploaded image: a 48 MP phone camera writes JPEGs of 10 to 20 MB */
  uploadMaxBytes: 25 * 1_048_576,
  /** decoded size of one uploaded image (width × height): a 48 MP camera fits, a decompression bomb does not */
  uploadMaxPixels: 50_000_000,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

/** The largest id a stored post can have (the database's integer column); a larger well-formed id finds no post. */
export const POST_ID_MAX = 2_147_483_647;
