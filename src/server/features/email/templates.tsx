import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ArticleEmailBlock } from './article-email-body.js';

/**
 * Email templates: React components rendered to static HTML on the server (docs/decisions/008-one-render-path.md),
 * each with a plain-text twin. Mail clients support little CSS, so the layout is tables with inline
 * styles; a <style> block adds dark-mode colours for the clients that honour prefers-color-scheme
 * (Apple Mail, Outlook.com, many mobile apps), and the light colours stay readable where a client
 * inverts them itself (Gmail).
 */

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface SiteInfo {
  siteName: string;
  publicUrl: string;
}

export interface ArticleTeaser {
  title: string;
  channelName: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
}

/** A new article as its email carries it: the teaser, its author, and its text unless the channel sends excerpts only. */
export interface ArticleEmail extends ArticleTeaser {
  author: string;
  /** The article's comments (its page at #comments). */
  commentUrl: string;
  /** The article's blocks (article-email-body.ts); null when its channel sends the excerpt only. */
  blocks: ArticleEmailBlock[] | null;
}

/** One reply in a reply notification. */
export interface ReplyNoticeItem {
  author: string;
  text: string;
}

const colors = { page: '#f4f1ea', card: '#ffffff', text: '#1c1917', muted: '#57534e', rule: '#e7e5e4', accent: '#1c1917', onAccent: '#ffffff' };

const darkStyles = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .bs-page { background: #0c0a09 !important; }
  .bs-card { background: #1c1917 !important; border-color: #44403c !important; }
  .bs-text, .bs-text a { color: #f5f5f4 !important; }
  .bs-muted, .bs-muted a { color: #d6d3d1 !important; }
  .bs-button, .bs-text a.bs-button { background: #f5f5f4 !important; color: #1c1917 !important; }
  .bs-code { background: #292524 !important; color: #f5f5f4 !important; }
  .bs-quote { border-color: #57534e !important; }
}`;

const font = "Georgia, 'Times New Roman', serif";
const sans = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function EmailLayout(props: { site: SiteInfo; preheader: string; children: ReactNode; footer?: ReactNode }) {
  const { site } = props;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{site.siteName}</title>
        <style dangerouslySetInnerHTML={{ __html: darkStyles }} />
      </head>
      <body className="bs-page" style={{ margin: 0, padding: 0, background: colors.page }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{props.preheader}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} className="bs-page" style={{ background: colors.page }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 560 }}>
                  <tbody>
                    <tr>
                      <td className="bs-text" style={{ padding: '0 4px 16px', fontFamily: font, fontSize: 24, fontWeight: 700, color: colors.text }}>
                        <a href={site.publicUrl} style={{ color: colors.text, textDecoration: 'none' }}>
                          {site.siteName}
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td
                        className="bs-card bs-text"
                        style={{
                          background: colors.card,
                          border: `1px solid ${colors.rule}`,
                          borderRadius: 8,
                          padding: 24,
                          fontFamily: sans,
                          fontSize: 16,
                          lineHeight: '24px',
                          color: colors.text,
                        }}
                      >
                        {props.children}
                      </td>
                    </tr>
                    <tr>
                      <td className="bs-muted" style={{ padding: '16px 4px', fontFamily: sans, fontSize: 13, lineHeight: '20px', color: colors.muted }}>
                        {props.footer}
                        <div>
                          {site.siteName} · <a href={site.publicUrl} style={{ color: colors.muted }}>{new URL(site.publicUrl).host}</a>
                        </div>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

function Button(props: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '20px 0' }}>
      <tbody>
        <tr>
          <td className="bs-button" style={{ background: colors.accent, borderRadius: 6 }}>
            <a
              className="bs-button"
              href={props.href}
              style={{ display: 'inline-block', padding: '12px 20px', color: colors.onAccent, fontFamily: sans, fontWeight: 600, textDecoration: 'none' }}
            >
              {props.children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function Muted(props: { children: ReactNode }) {
  return (
    <p className="bs-muted" style={{ color: colors.muted, fontSize: 14, margin: '12px 0 0' }}>
      {props.children}
    </p>
  );
}

function Teaser({ article, large, byline }: { article: ArticleTeaser; large: boolean; byline?: string }) {
  return (
    <div style={{ margin: '0 0 20px' }}>
      {article.imageUrl && (
        <a href={article.url}>
          <img
            src={article.imageUrl}
            alt=""
            width={large ? 510 : 160}
            style={{ display: 'block', width: '100%', maxWidth: large ? 510 : 160, height: 'auto', borderRadius: 6, margin: '0 0 12px', border: 0 }}
          />
        </a>
      )}
      <div className="bs-muted" style={{ fontSize: 13, textTransform: 'uppercase', letterSpacing: '0.04em', color: colors.muted }}>
        {article.channelName}
      </div>
      <h2 style={{ fontFamily: font, fontSize: large ? 26 : 20, lineHeight: large ? '32px' : '26px', margin: '4px 0 8px' }}>
        <a className="bs-text" href={article.url} style={{ color: colors.text, textDecoration: 'none' }}>
          {article.title}
        </a>
      </h2>
      {byline && (
        <p className="bs-muted" style={{ margin: '0 0 8px', fontSize: 14, color: colors.muted }}>
          {byline}
        </p>
      )}
      {article.excerpt && <p style={{ margin: '0 0 8px' }}>{article.excerpt}</p>}
      <a className="bs-text" href={article.url} style={{ color: colors.text, fontWeight: 600 }}>
        Read the article
      </a>
    </div>
  );
}

const html = (element: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(element)}`;

export function confirmEmailMessage(site: SiteInfo, input: { username: string; link: string }): RenderedEmail {
  const subject = `Confirm your email address for ${site.siteName}`;
  return {
    subject,
    html: html(
      <EmailLayout site={site} preheader="Confirm this address to recover your account and get new articles.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>Confirm that this address belongs to your {site.siteName} account. With a confirmed address you can reset a forgotten password and get new articles from the channels you follow.</p>
        <Button href={input.link}>Confirm email address</Button>
        <Muted>The link works once, for 24 hours. If you did not ask for this, ignore this email: nothing changes.</Muted>
      </EmailLayout>,
    ),
    text: [
      `Hello ${input.username},`,
      '',
      `Confirm that this address belongs to your ${site.siteName} account:`,
      input.link,
      '',
      'The link works once, for 24 hours. If you did not ask for this, ignore this email: nothing changes.',
      '',
      `${site.siteName} · ${site.publicUrl}`,
    ].join('\n'),
  };
}

/**
 * To the confirmed address of an account without a password (signed in with Google): someone signed
 * in as it asked to change or remove the address. Nothing changes unless this link is followed, so
 * a stolen session cannot move the account's mail (and its password resets) elsewhere.
 */
export function approveEmailMessage(site: SiteInfo, input: { username: string; link: string; action: 'change' | 'remove'; newEmail: string | null }): RenderedEmail {
  const asked =
    input.action === 'change'
      ? `Someone signed in to your ${site.siteName} account asked to change its email address to ${input.newEmail}.`
      : `Someone signed in to your ${site.siteName} account asked to remove its email address.`;
  const subject = input.action === 'change' ? `Approve the new email address of your ${site.siteName} account` : `Approve removing the email address of your ${site.siteName} account`;
  const button = input.action === 'change' ? 'Approve the new address' : 'Approve removing it';
  const after = input.action === 'change' ? 'The new address then gets a link of its own to confirm it.' : 'You then get no more email from us.';
  return {
    subject,
    html: html(
      <EmailLayout site={site} preheader="Nothing changes unless you approve it.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>
          {asked} If it was you, approve it. {after}
        </p>
        <Button href={input.link}>{button}</Button>
        <Muted>The link works once, for 24 hours. If it was not you, ignore this email: nothing changes.</Muted>
      </EmailLayout>,
    ),
    text: [
      `Hello ${input.username},`,
      '',
      `${asked} If it was you, approve it:`,
      input.link,
      after,
      '',
      'The link works once, for 24 hours. If it was not you, ignore this email: nothing changes.',
      '',
      `${site.siteName} · ${site.publicUrl}`,
    ].join('\n'),
  };
}

export function resetPasswordMessage(site: SiteInfo, input: { username: string; link: string }): RenderedEmail {
  const subject = `Reset your ${site.siteName} password`;
  return {
    subject,
    html: html(
      <EmailLayout site={site} preheader="A link to choose a new password; it works for 30 minutes.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>Someone asked to reset the password of your {site.siteName} account. If it was you, choose a new password:</p>
        <Button href={input.link}>Choose a new password</Button>
        <Muted>The link works once, for 30 minutes. Setting a new password signs out every other device. If you did not ask for this, ignore this email: your password stays as it is.</Muted>
      </EmailLayout>,
    ),
    text: [
      `Hello ${input.username},`,
      '',
      `Someone asked to reset the password of your ${site.siteName} account. If it was you, choose a new password:`,
      input.link,
      '',
      'The link works once, for 30 minutes. Setting a new password signs out every other device.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      `${site.siteName} · ${site.publicUrl}`,
    ].join('\n'),
  };
}

/** The plain-text part's footer, the words of UnsubscribeFooter: why the email came, how to stop it. */
function textFooter(reason: string, unsubscribeLabel: string, input: { unsubscribeUrl: string; settingsUrl: string }): string[] {
  return ['--', reason, `${unsubscribeLabel}: ${input.unsubscribeUrl}`, `Email settings: ${input.settingsUrl}`];
}

function UnsubscribeFooter(props: { reason: string; unsubscribeUrl: string; settingsUrl: string; unsubscribeLabel?: string }) {
  return (
    <p style={{ margin: '0 0 8px' }}>
      {props.reason}{' '}
      <a href={props.unsubscribeUrl} style={{ color: colors.muted }}>
        {props.unsubscribeLabel ?? 'Unsubscribe'}
      </a>{' '}
      ·{' '}
      <a href={props.settingsUrl} style={{ color: colors.muted }}>
        Email settings
      </a>
    </p>
  );
}

/** What the article email says of who wrote it and where. */
const byline = (article: ArticleEmail) => `By ${article.author} in ${article.channelName}`;

/**
 * A new article's email: the whole article (lead image, title, author and channel, its text) when
 * `shown` is every block; the first `shown` blocks and "Continue reading" when the message would
 * otherwise grow too large; the excerpt when the channel sends excerpts only. Each ends with a link
 * to the comments.
 */
export function newArticleMessage(
  site: SiteInfo,
  input: { article: ArticleEmail; shown?: number; unsubscribeUrl: string; settingsUrl: string },
): RenderedEmail {
  const { article } = input;
  const blocks = article.blocks ? article.blocks.slice(0, input.shown ?? article.blocks.length) : null;
  const cut = article.blocks !== null && blocks !== null && blocks.length < article.blocks.length;
  const whole = blocks !== null && !cut;
  const reason = `You get this email because you subscribe to ${article.channelName} on ${site.siteName}.`;
  const continueLabel = `Continue reading on ${site.siteName}`;
  return {
    subject: `${article.title} · ${article.channelName}`,
    html: html(
      <EmailLayout
        site={site}
        preheader={article.excerpt.slice(0, 140)}
        footer={<UnsubscribeFooter reason={reason} unsubscribeUrl={input.unsubscribeUrl} settingsUrl={input.settingsUrl} />}
      >
        {blocks === null ? (
          <Teaser article={article} large byline={byline(article)} />
        ) : (
          <>
            {article.imageUrl && (
              <a href={article.url}>
                <img
                  src={article.imageUrl}
                  alt=""
                  width={510}
                  style={{ display: 'block', width: '100%', maxWidth: 510, height: 'auto', borderRadius: 6, margin: '0 0 16px', border: 0 }}
                />
              </a>
            )}
            <div className="bs-muted" style={{ fontSize: 13, textTransform: 'uppercase', letterSpacing: '0.04em', color: colors.muted }}>
              {article.channelName}
            </div>
            <h1 style={{ fontFamily: font, fontSize: 30, lineHeight: '36px', margin: '4px 0 8px' }}>
              <a className="bs-text" href={article.url} style={{ color: colors.text, textDecoration: 'none' }}>
                {article.title}
              </a>
            </h1>
            <p className="bs-muted" style={{ margin: '0 0 20px', fontSize: 14, color: colors.muted }}>
              {byline(article)}
            </p>
            {/* Sanitized and styled by article-email-body.ts: the article's own allowlist, nothing more. */}
            <div className="bs-text" dangerouslySetInnerHTML={{ __html: blocks.map((block) => block.html).join('') }} />
            {cut && <Button href={article.url}>{continueLabel}</Button>}
          </>
        )}
        <p style={{ margin: whole ? '24px 0 0' : '8px 0 0' }}>
          <a className="bs-text" href={article.commentUrl} style={{ color: colors.text, fontWeight: 600 }}>
            Comment
          </a>
        </p>
      </EmailLayout>,
    ),
    text: [
      article.channelName,
      '',
      article.title,
      byline(article),
      '',
      ...(blocks === null ? [article.excerpt, '', `Read the article: ${article.url}`] : [blocks.map((block) => block.text).join('\n\n')]),
      ...(cut ? ['', `${continueLabel}: ${article.url}`] : []),
      '',
      `Comment: ${article.commentUrl}`,
      '',
      ...textFooter(reason, 'Unsubscribe', input),
    ].join('\n'),
  };
}

/**
 * Replies to the reader's comment, gathered over up to an hour (one email per thread an hour):
 * who replied and what they wrote, and a link to the conversation.
 */
export function replyNoticeMessage(
  site: SiteInfo,
  input: { username: string; articleTitle: string; threadUrl: string; replies: ReplyNoticeItem[]; unsubscribeUrl: string; settingsUrl: string },
): RenderedEmail {
  const count = input.replies.length;
  const first = input.replies[0]!;
  const subject = count === 1 ? `${first.author} replied to your comment on ${input.articleTitle}` : `${count} new replies to your comment on ${input.articleTitle}`;
  const reason = `You get this email because you comment on ${site.siteName} and chose to hear about replies.`;
  return {
    subject,
    html: html(
      <EmailLayout
        site={site}
        preheader={`${first.author}: ${first.text}`.slice(0, 140)}
        footer={<UnsubscribeFooter reason={reason} unsubscribeUrl={input.unsubscribeUrl} settingsUrl={input.settingsUrl} unsubscribeLabel="Stop reply emails" />}
      >
        <p style={{ margin: '0 0 16px' }}>
          Hello {input.username}, {count === 1 ? 'someone replied' : `${count} people replied`} to your comment on{' '}
          <a className="bs-text" href={input.threadUrl} style={{ color: colors.text, fontWeight: 600 }}>
            {input.articleTitle}
          </a>
          :
        </p>
        {input.replies.map((reply, index) => (
          <blockquote
            key={index}
            className="bs-quote"
            style={{ margin: '0 0 16px', padding: '0 0 0 14px', borderLeft: `3px solid ${colors.rule}` }}
          >
            <div style={{ fontWeight: 600 }}>{reply.author}</div>
            <div style={{ whiteSpace: 'pre-wrap' }}>{reply.text}</div>
          </blockquote>
        ))}
        <Button href={input.threadUrl}>Read the conversation</Button>
      </EmailLayout>,
    ),
    text: [
      `Hello ${input.username}, ${count === 1 ? 'someone replied' : `${count} people replied`} to your comment on ${input.articleTitle}:`,
      '',
      ...input.replies.flatMap((reply) => [`${reply.author}:`, reply.text, '']),
      `Read the conversation: ${input.threadUrl}`,
      '',
      ...textFooter(reason, 'Stop reply emails', input),
    ].join('\n'),
  };
}

export function digestMessage(site: SiteInfo, input: { articles: ArticleTeaser[]; unsubscribeUrl: string; settingsUrl: string }): RenderedEmail {
  const count = input.articles.length;
  const reason = `You get this daily digest for the channels you chose on ${site.siteName}.`;
  return {
    subject: `Your ${site.siteName} digest: ${count} new ${count === 1 ? 'article' : 'articles'}`,
    html: html(
      <EmailLayout
        site={site}
        preheader={input.articles.map((a) => a.title).join(' · ').slice(0, 140)}
        footer={<UnsubscribeFooter reason={reason} unsubscribeUrl={input.unsubscribeUrl} settingsUrl={input.settingsUrl} />}
      >
        <p style={{ margin: '0 0 20px' }}>
          {count} new {count === 1 ? 'article' : 'articles'} since yesterday:
        </p>
        {input.articles.map((article) => (
          <Teaser key={article.url} article={article} large={false} />
        ))}
      </EmailLayout>,
    ),
    text: [
      `${count} new ${count === 1 ? 'article' : 'articles'} since yesterday:`,
      '',
      ...input.articles.flatMap((a) => [`${a.channelName}: ${a.title}`, a.excerpt, a.url, '']),
      ...textFooter(reason, 'Unsubscribe from the digest', input),
    ].join('\n'),
  };
}

/** Sample messages for the development preview (GET /api/dev/emails/{name}). */
export function sampleEmails(site: SiteInfo): Record<string, RenderedEmail> {
  const article: ArticleTeaser = {
    title: 'City council approves the new riverside park',
    channelName: 'Local News',
    excerpt: 'After two years of consultation the council voted 9 to 2 for the plan, which turns the old docks into eleven hectares of green space.',
    url: `${site.publicUrl}/articles/1`,
    imageUrl: null,
  };
  const link = `${site.publicUrl}/reset-password?token=sample`;
  const full: ArticleEmail = {
    ...article,
    author: 'ada',
    commentUrl: `${article.url}#comments`,
    blocks: [
      { html: '<p style="margin:0 0 16px">After two years of consultation the council voted 9 to 2 for the plan.</p>', text: 'After two years of consultation the council voted 9 to 2 for the plan.' },
      { html: '<h2 style="margin:28px 0 12px">What changes</h2>', text: 'What changes' },
      { html: '<p style="margin:0 0 16px">The old docks become eleven hectares of green space.</p>', text: 'The old docks become eleven hectares of green space.' },
    ],
  };
  return {
    confirm: confirmEmailMessage(site, { username: 'ada', link: `${site.publicUrl}/confirm-email?token=sample` }),
    approve: approveEmailMessage(site, { username: 'ada', link: `${site.publicUrl}/confirm-email?token=sample`, action: 'change', newEmail: 'ada@example.org' }),
    reset: resetPasswordMessage(site, { username: 'ada', link }),
    article: newArticleMessage(site, { article: full, unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=sample`, settingsUrl: `${site.publicUrl}/profile` }),
    reply: replyNoticeMessage(site, {
      username: 'ada',
      articleTitle: article.title,
      threadUrl: `${article.url}#comments`,
      replies: [{ author: 'grace', text: 'Agreed, and the cycle path is long overdue.' }],
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=sample`,
      settingsUrl: `${site.publicUrl}/profile`,
    }),
    correction: correctionMessage(site, {
      articleTitle: article.title,
      channelName: article.channelName,
      url: article.url,
      line: 'Correction, 29 November 2026: An earlier version of this article gave the wrong date for the vote.',
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=sample`,
      settingsUrl: `${site.publicUrl}/profile`,
    }),
    digest: digestMessage(site, {
      articles: [article, { ...article, title: 'Storm warning for the weekend', channelName: 'Weather', url: `${site.publicUrl}/articles/2` }],
      unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=sample`,
      settingsUrl: `${site.publicUrl}/profile`,
    }),
    'comment-hidden': commentHiddenMessage(site, { username: 'grace', articleTitle: article.title, excerpt: 'You are all idiots.', url: `${article.url}#comment-3` }),
    'article-removed': articleRemovedMessage(site, { username: 'ada', title: article.title, note: 'The vote count is wrong: please check it against the minutes.', editUrl: `${site.publicUrl}/articles/1/edit` }),
    'staff-invitation': invitationMessage(site, { username: 'grace', inviter: 'ada', channelName: article.channelName, role: 'writer', url: `${site.publicUrl}/profile` }),
    'moderation-queue': moderationQueueMessage(site, { username: 'ada', channels: [{ name: article.channelName, reports: 2, held: 1, url: `${site.publicUrl}/channels/1/moderation` }] }),
    'article-submitted': articleSubmittedMessage(site, { username: 'ada', writer: 'grace', title: article.title, queueUrl: `${site.publicUrl}/channels/1/queue` }),
    'changes-requested': articleReviewedMessage(site, { username: 'grace', title: article.title, approved: false, note: 'Please name the source of the figures.', editUrl: `${site.publicUrl}/articles/1/edit` }),
    'article-approved': articleReviewedMessage(site, { username: 'grace', title: article.title, approved: true, note: null, editUrl: `${site.publicUrl}/articles/1/edit` }),
  };
}

/**
 * A correction to an article the reader was emailed (docs/product.md#public-record): the correction's line
 * ("Correction, 29 November 2026: …") and a link to the corrected article.
 */
export function correctionMessage(
  site: SiteInfo,
  input: { articleTitle: string; channelName: string; url: string; line: string; unsubscribeUrl: string; settingsUrl: string },
): RenderedEmail {
  const reason = `You get this email because ${site.siteName} emailed you this article from ${input.channelName}, and it has been corrected.`;
  return {
    subject: `Correction: ${input.articleTitle}`,
    html: html(
      <EmailLayout
        site={site}
        preheader={input.line.slice(0, 140)}
        footer={<UnsubscribeFooter reason={reason} unsubscribeUrl={input.unsubscribeUrl} settingsUrl={input.settingsUrl} />}
      >
        <p style={{ margin: '0 0 16px' }}>
          An article we emailed you,{' '}
          <a className="bs-text" href={input.url} style={{ color: colors.text, fontWeight: 600 }}>
            {input.articleTitle}
          </a>
          , has been corrected:
        </p>
        <blockquote className="bs-quote" style={{ margin: '0 0 16px', padding: '0 0 0 14px', borderLeft: `3px solid ${colors.rule}` }}>
          {input.line}
        </blockquote>
        <Button href={input.url}>Read the corrected article</Button>
      </EmailLayout>,
    ),
    text: [
      `An article we emailed you, ${input.articleTitle}, has been corrected:`,
      '',
      input.line,
      '',
      `Read the corrected article: ${input.url}`,
      '',
      ...textFooter(reason, 'Unsubscribe', input),
    ].join('\n'),
  };
}

/** A moderator hid the reader's comment (docs/product.md#moderation): what it said, and where it was. */
export function commentHiddenMessage(site: SiteInfo, input: { username: string; articleTitle: string; excerpt: string; url: string }): RenderedEmail {
  const said = `A moderator hid your comment on “${input.articleTitle}”. Others now read “This comment was removed by a moderator.” in its place; you still see your words, and the replies stay.`;
  return {
    subject: `Your comment on ${input.articleTitle} was hidden`,
    html: html(
      <EmailLayout site={site} preheader="Others no longer read it; its replies stay.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>{said}</p>
        <blockquote className="bs-quote" style={{ margin: '0 0 16px', padding: '0 0 0 14px', borderLeft: `3px solid ${colors.rule}` }}>
          {input.excerpt}
        </blockquote>
        <Button href={input.url}>See the conversation</Button>
        <Muted>Moderators hide comments that break the channel’s or the site’s rules.</Muted>
      </EmailLayout>,
    ),
    text: [`Hello ${input.username},`, '', said, '', input.excerpt, '', `See the conversation: ${input.url}`, '', `${site.siteName} · ${site.publicUrl}`].join('\n'),
  };
}

/** A moderator moved the reader's article to drafts, with why; the editor shows the same note. */
export function articleRemovedMessage(site: SiteInfo, input: { username: string; title: string; note: string; editUrl: string }): RenderedEmail {
  const said = `A moderator removed your article “${input.title}” from the site. It is a draft again; only a moderator can publish it again.`;
  return {
    subject: `Your article ${input.title} was removed`,
    html: html(
      <EmailLayout site={site} preheader={input.note.slice(0, 140)}>
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>{said}</p>
        <blockquote className="bs-quote" style={{ margin: '0 0 16px', padding: '0 0 0 14px', borderLeft: `3px solid ${colors.rule}` }}>
          {input.note}
        </blockquote>
        <Button href={input.editUrl}>Open it in the editor</Button>
      </EmailLayout>,
    ),
    text: [`Hello ${input.username},`, '', said, '', input.note, '', `Open it in the editor: ${input.editUrl}`, '', `${site.siteName} · ${site.publicUrl}`].join('\n'),
  };
}

/** To a channel's owner and editors: a writer submitted an article for review. */
export function articleSubmittedMessage(site: SiteInfo, input: { username: string; writer: string; title: string; queueUrl: string }): RenderedEmail {
  const subject = `${input.writer} submitted \u201c${input.title}\u201d for review`;
  const said = `${subject}.`;
  return {
    subject,
    html: html(
      <EmailLayout site={site} preheader={said}>
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>{said}</p>
        <Button href={input.queueUrl}>Open the review queue</Button>
      </EmailLayout>,
    ),
    text: [`Hello ${input.username},`, '', said, '', `Open the review queue: ${input.queueUrl}`, '', `${site.siteName} · ${site.publicUrl}`].join('\n'),
  };
}

/** To an article's author: an editor approved it, or asked for changes (with the note). */
export function articleReviewedMessage(site: SiteInfo, input: { username: string; title: string; approved: boolean; note: string | null; editUrl: string }): RenderedEmail {
  const said = input.approved ? `Your article \u201c${input.title}\u201d was approved.` : `An editor asked for changes to your article \u201c${input.title}\u201d.`;
  return {
    subject: input.approved ? `Approved: ${input.title}` : `Changes requested: ${input.title}`,
    html: html(
      <EmailLayout site={site} preheader={(input.note ?? said).slice(0, 140)}>
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>{said}</p>
        {input.note ? (
          <blockquote className="bs-quote" style={{ margin: '0 0 16px', padding: '0 0 0 14px', borderLeft: `3px solid ${colors.rule}` }}>
            {input.note}
          </blockquote>
        ) : null}
        <Button href={input.editUrl}>Open it in the editor</Button>
      </EmailLayout>,
    ),
    text: [`Hello ${input.username},`, '', said, ...(input.note ? ['', input.note] : []), '', `Open it in the editor: ${input.editUrl}`, '', `${site.siteName} · ${site.publicUrl}`].join('\n'),
  };
}

/** What waits in an owner's moderation queues: at most one such email an hour. */
export function moderationQueueMessage(site: SiteInfo, input: { username: string; channels: { name: string; reports: number; held: number; url: string }[] }): RenderedEmail {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const lineOf = (c: { name: string; reports: number; held: number }) =>
    [c.reports > 0 ? plural(c.reports, 'open report', 'open reports') : null, c.held > 0 ? plural(c.held, 'comment awaiting approval', 'comments awaiting approval') : null].filter(Boolean).join(', ');
  const first = input.channels[0]!;
  return {
    subject: `Waiting for you in ${first.name}${input.channels.length > 1 ? ` and ${input.channels.length - 1} more` : ''}: ${lineOf(first)}`,
    html: html(
      <EmailLayout site={site} preheader="Reports and held comments wait in your moderation queue.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>Readers’ reports and comments awaiting approval wait for you:</p>
        {input.channels.map((c) => (
          <p key={c.url} style={{ margin: '0 0 12px' }}>
            <a className="bs-text" href={c.url} style={{ color: colors.text, fontWeight: 600 }}>
              {c.name}
            </a>
            : {lineOf(c)}
          </p>
        ))}
        <Button href={first.url}>Open the moderation queue</Button>
        <Muted>You get at most one of these emails an hour.</Muted>
      </EmailLayout>,
    ),
    text: [
      `Hello ${input.username},`,
      '',
      'Readers’ reports and comments awaiting approval wait for you:',
      ...input.channels.map((c) => `${c.name}: ${lineOf(c)} (${c.url})`),
      '',
      'You get at most one of these emails an hour.',
      '',
      `${site.siteName} · ${site.publicUrl}`,
    ].join('\n'),
  };
}

/** An invitation to a channel's staff: who asked, as what, and where to answer it (the profile's Invitations). */
export function invitationMessage(site: SiteInfo, input: { username: string; inviter: string; channelName: string; role: 'editor' | 'writer'; url: string }): RenderedEmail {
  const invited = `${input.inviter} invited you to write for ${input.channelName} as ${input.role}`;
  const said = `${invited}.`;
  const what =
    input.role === 'editor'
      ? 'Editors write, review, schedule and publish the channel\u2019s articles.'
      : 'Writers file articles and submit them for review; an editor or the owner publishes them.';
  return {
    subject: invited,
    html: html(
      <EmailLayout site={site} preheader="The invitation waits on your profile for 30 days.">
        <p style={{ margin: 0 }}>Hello {input.username},</p>
        <p>{said}</p>
        <p>{what}</p>
        <Button href={input.url}>Accept or decline</Button>
        <Muted>The invitation waits on your profile for 30 days.</Muted>
      </EmailLayout>,
    ),
    text: [`Hello ${input.username},`, '', said, what, '', `Accept or decline: ${input.url}`, '', 'The invitation waits on your profile for 30 days.', '', `${site.siteName} · ${site.publicUrl}`].join('\n'),
  };
}
