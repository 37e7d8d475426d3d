// The post page's product check (hand-written, zod-free) must accept exactly the products the API accepts.
import { checkProductList } from '../../src/contract/productCheck';
import { LIMITS } from '../../src/contract/limits';
import { productInputSchema } from '../../src/contract/schemas';

const valid = {
  id: 1,
  title: 'Size 5 Match Ball',
  description: 'A durable match ball.',
  price: '$34.99',
  imageUrl: '/uploads/ball.png',
  amazonUrl: 'https://www.amazon.com/s?k=ball',
};

const urls: [string, boolean][] = [
  ['', true],
  ['https://example.com/x.png', true],
  ['http://example.com/x.png', true],
  ['/uploads/abc.webp', true],
  ['/images/seed/ball.svg', true],
  ['javascript:alert(1)', false],
  ['JavaScript:alert(1)', false],
  ['data:image/png;base64,AAAA', false],
  ['//evil.example/x.png', false],
  ['/\\evil.example', false],
  // Accepted, and stored percent-encoded: what the post page reads is the serialization.
  ['/with%20space.png', true],
  ['https:///x.png', false],
  ['ftp://example.com/x', false],
  ['not a url', false],
  ['https://', false],
  ['https:evil.example/x.png', false],
  ['http:/evil.example/x.png', false],
  [' https://example.com/x.png', false],
  ['HTTPS://EXAMPLE.COM/X.PNG', true],
  [`https://example.com/${'a'.repeat(LIMITS.urlMax)}`, false],
];

test.each(urls)('a product URL %j is accepted: %s (and the API agrees)', (url, accepted) => {
  for (const field of ['imageUrl', 'amazonUrl'] as const) {
    const product = { ...valid, [field]: url };
    expect(checkProductList([product]).success).toBe(accepted);
    expect(productInputSchema.safeParse(product).success).toBe(accepted);
  }
});

test('a valid list comes back as products, unknown keys dropped', () => {
  const result = checkProductList([
    { ...valid, extra: '<script>' },
    { ...valid, id: 2, imageUrl: '' },
  ]);
  expect(result).toEqual({ success: true, data: [valid, { ...valid, id: 2, imageUrl: '' }] });
  expect(checkProductList([])).toEqual({ success: true, data: [] });
});

test.each([
  ['not an array', { products: [] }, []],
  ['a null entry', [null], [0]],
  ['a missing id', [{ ...valid, id: undefined }], [0, 'id']],
  ['a string id', [{ ...valid, id: '1' }], [0, 'id']],
  ['a numeric title', [{ ...valid, title: 5 }], [0, 'title']],
  ['a missing price', [{ ...valid, price: undefined }], [0, 'price']],
  ['an unsafe link in the second product', [valid, { ...valid, amazonUrl: 'javascript:alert(1)' }], [1, 'amazonUrl']],
  ['a missing image URL', [{ ...valid, imageUrl: undefined }], [0, 'imageUrl']],
])('%s rejects the whole list and says where', (_name, products, path) => {
  const result = checkProductList(products);
  expect(result.success).toBe(false);
  if (!result.success) expect(result.issues.map((issue) => issue.path)).toContainEqual(path);
});
