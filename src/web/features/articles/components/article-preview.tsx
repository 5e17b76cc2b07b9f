import { EMPTY_ARTICLE_FIELDS, pickTextFields } from '@contract/article-fields';
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MonitorIcon, SmartphoneIcon } from 'lucide-react';
import type { Article, ArticleImage } from '@contract/articles';
import { cn } from '@/lib/utils';
import { IconSprite } from '@/components/icon-sprite';
import { categoryIdsForSubmit } from '@/lib/categories';
import type { ArticleFormValues } from '@/lib/article-form';
import { ArticleBody, ArticleHeader } from './article-view';

/** The media feature's gallery, which the page passes in (features do not import each other). */
export type PreviewGalleryComponent = ComponentType<{ images: readonly ArticleImage[]; title: string; className?: string }>;

/** The phone frame's width: a common phone's CSS width, where the reader's small-screen layout applies. */
export const PHONE_WIDTH = 390;

export interface PreviewSource {
  /** The saved article (editing), or null (a new one). */
  article: Article | null;
  author: { id: number; username: string };
  channel: { id: number; name: string } | null;
}

/**
 * The article as its readers will get it once saved: the form's values in the article's shape,
 * published (readers never see a draft), with the article's saved images and counts.
 */
export function previewArticle(values: ArticleFormValues, { article, author, channel }: PreviewSource, now = new Date().toISOString()): Article {
  const ids = new Set(categoryIdsForSubmit(values.categories));
  const categories = values.categories.filter((c) => ids.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
  const channelId = channel?.id ?? article?.channelId ?? 0;
  const base: Article = article ?? {
    id: 0,
    slug: 'preview',
    ...pickTextFields(EMPTY_ARTICLE_FIELDS),
    userId: author.id,
    channelId,
    channel: { id: channelId, name: channel?.name ?? '', slug: 'channel' },
    categories: [],
    category: null,
    location: null,
    location_name: null,
    location_lat: null,
    location_lng: null,
    published: true,
    status: 'published',
    publishAt: null,
    createdAt: now,
    lastEdited: now,
    viewCount: 0,
    likes: 0,
    dislikes: 0,
    commentCount: 0,
    content: '',
    excerpt: '',
    images: [],
    author,
    userReaction: null,
    corrections: [],
    updatedAt: null,
    publicRevisions: 0,
    fediverse: { likes: 0, announces: 0 },
    moderationNote: null,
    reviewNote: null,
    commentsClosed: false,
    viewerBan: null,
    savedAt: null,
    pendingEdit: null,
  };
  const publishedBefore = article?.published === true;
  return {
    ...base,
    ...pickTextFields(values),
    title: values.title.trim(),
    content: values.content,
    categories,
    category: categories[0]?.name ?? null,
    location: values.location?.name ?? null,
    location_name: values.location?.name ?? null,
    location_lat: values.location?.lat ?? null,
    location_lng: values.location?.lng ?? null,
    published: true,
    status: 'published',
    // Published by this save: the reader's dates are today's; an edit keeps its first publication,
    // and a scheduled article is dated at its time.
    createdAt: publishedBefore ? base.createdAt : base.status === 'scheduled' && base.publishAt ? base.publishAt : now,
    lastEdited: now,
  };
}

/** The article's page as a reader gets it: the article page's own components, inert here. */
function ReaderView({ article, gallery: Gallery }: { article: Article; gallery?: PreviewGalleryComponent }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-10" data-testid="article-preview">
      <ArticleHeader article={article} signedIn isOwner={false} editing={false} onEdit={() => {}} />
      {Gallery && <Gallery images={article.images} title={article.title} className="mt-8" />}
      <div className="mt-8 sm:mt-10">
        <ArticleBody html={article.content} />
      </div>
    </article>
  );
}

/**
 * A frame that lays the page out at a phone's width: an iframe is its own viewport, so the reader's
 * media queries (Tailwind's sm:, md:) apply as on a phone. The same React tree renders into it
 * through a portal, with the page's stylesheets and theme copied in
 * (docs/decisions/040-drafts-on-the-server.md says why not a second page).
 */
function PhoneFrame({ children, title }: { children: ReactNode; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const setUp = () => {
      const doc = element.contentDocument;
      if (!doc?.body) return;
      doc.head.replaceChildren(
        ...[...document.querySelectorAll('link[rel="stylesheet"], style')].map((node) => node.cloneNode(true)),
      );
      doc.documentElement.className = document.documentElement.className;
      doc.documentElement.lang = document.documentElement.lang || 'en';
      doc.body.className = 'bg-background text-foreground antialiased';
      setBody(doc.body);
    };
    if (element.contentDocument?.readyState === 'complete' && element.contentDocument.body?.dataset.ready === 'yes') setUp();
    element.addEventListener('load', setUp);
    return () => element.removeEventListener('load', setUp);
  }, []);

  // The theme can change while the frame is open.
  useEffect(() => {
    if (!body) return;
    const root = document.documentElement;
    const observer = new MutationObserver(() => {
      if (body.ownerDocument) body.ownerDocument.documentElement.className = root.className;
    });
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, [body]);

  return (
    <div className="flex justify-center rounded-md bg-muted/50 py-4">
      <iframe
        ref={frame}
        title={title}
        srcDoc='<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"></head><body data-ready="yes"></body></html>'
        // The border sits outside the 390 px the page is laid out in.
        style={{ width: PHONE_WIDTH + 8 }}
        className="h-[44rem] max-w-full rounded-2xl border-4 border-foreground/80 bg-background shadow-lg"
        data-testid="phone-preview"
      />
      {body &&
        createPortal(
          <>
            {/* The page's icons are <use> references to its sprite: the frame is another document and needs its own. */}
            <IconSprite />
            <div inert>{children}</div>
          </>,
          body,
        )}
    </div>
  );
}

/**
 * The editor's Preview: the article as a reader will see it, at the editor's width or in a phone's
 * frame. Nothing in it can be clicked (it is a picture of the page, not the page).
 */
export function ArticlePreview({ article, gallery }: { article: Article; gallery?: PreviewGalleryComponent }) {
  const [width, setWidth] = useState<'current' | 'phone'>('current');
  const name = useId();
  const choices = [
    { value: 'current' as const, label: 'Current width', Icon: MonitorIcon },
    { value: 'phone' as const, label: `Phone (${PHONE_WIDTH} px)`, Icon: SmartphoneIcon },
  ];
  return (
    <section aria-label="Preview" className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Preview width</legend>
        {choices.map(({ value, label, Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              width === value ? 'border-foreground bg-accent font-medium' : 'text-muted-foreground',
            )}
          >
            <input type="radio" name={name} value={value} checked={width === value} onChange={() => setWidth(value)} className="sr-only" />
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </label>
        ))}
      </fieldset>
      {width === 'phone' ? (
        <PhoneFrame title={`Preview of the article at a phone's width (${PHONE_WIDTH} pixels)`}>
          <ReaderView article={article} gallery={gallery} />
        </PhoneFrame>
      ) : (
        <div inert className="rounded-md border">
          <ReaderView article={article} gallery={gallery} />
        </div>
      )}
    </section>
  );
}
