/**
 * The class of article HTML (the body on the article page and in the editor). Its typography is
 * real CSS in src/web/styles.css (`.prose-article`), not utility classes, so the stylesheet build
 * sees it wherever the class name is written (the server's page too).
 */
export const proseClassName = 'prose-article';
