import { COMMENT_LINK_REL, linkify } from '../lib/linkify';

/**
 * A comment's text, escaped by React like any text, line breaks kept, web addresses as links
 * that open in a new tab and pass on nothing (docs/product.md#data). No HTML is ever interpreted.
 */
export function CommentContent({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className}>
      {linkify(text).map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel={COMMENT_LINK_REL} className="text-primary underline underline-offset-2 hover:no-underline">
            {segment.text}
          </a>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </p>
  );
}
