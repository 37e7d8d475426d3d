// Inline marks inside a post's text: the format names. The parser, the React renderer and the plain-text form live
// beside this file once written (marks are parsed where rendering needs them; the visitors' bundle does not carry
// the parser when the server has already rendered the text).

/** 'plain': text shows as typed (posts stored before marks existed, or sent without the field). 'marks': the small
 * Markdown subset (bold, italic, links, bare https URLs, backslash escapes). */
export const TEXT_FORMATS = ['plain', 'marks'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
