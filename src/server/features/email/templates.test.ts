import { describe, expect, it } from 'vitest';
import { articleEmailBlocks } from './article-email-body.js';
import {
  articleRemovedMessage,
  commentHiddenMessage,
  confirmEmailMessage,
  digestMessage,
  moderationQueueMessage,
  newArticleMessage,
  replyNoticeMessage,
  resetPasswordMessage,
  sampleEmails,
  type ArticleEmail,
} from './templates.js';

const site = { siteName: 'Broadsheet', publicUrl: 'https://news.example.com' };
const article = {
  title: 'Storm <b>warning</b> & floods',
  channelName: 'Weather',
  excerpt: 'Rain all weekend.',
  url: 'https://news.example.com/articles/storm-warning-7',
  imageUrl: 'https://news.example.com/uploads/1_storm.webp',
};

describe('email templates', () => {
  it('render every message as an HTML document with a plain-text twin, readable in dark mode', () => {
    for (const [name, message] of Object.entries(sampleEmails(site))) {
      expect(message.html.startsWith('<!DOCTYPE html><html lang="en">'), name).toBe(true);
      expect(message.html, name).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(message.html, name).toContain('@media (prefers-color-scheme: dark)');
      // A button's dark colours win over the card's light link colour (its text stays readable).
      expect(message.html, name).toContain('.bs-text a.bs-button {');
      expect(message.html, name).toContain('href="https://news.example.com"');
      expect(message.text, name).not.toMatch(/<[a-z]/i);
      expect(message.subject.length, name).toBeGreaterThan(5);
    }
  });

  it('escape article text in HTML and keep it as written in plain text', () => {
    const message = newArticleMessage(site, {
      article: { ...article, author: 'ada', commentUrl: `${article.url}#comments`, blocks: null },
      unsubscribeUrl: 'https://news.example.com/unsubscribe?token=t',
      settingsUrl: 'https://news.example.com/profile',
    });
    expect(message.subject).toBe('Storm <b>warning</b> & floods · Weather');
    expect(message.html).toContain('Storm &lt;b&gt;warning&lt;/b&gt; &amp; floods');
    expect(message.html).not.toContain('<b>warning</b>');
    expect(message.html).toContain('src="https://news.example.com/uploads/1_storm.webp"');
    expect(message.text).toContain('Unsubscribe: https://news.example.com/unsubscribe?token=t');
    expect(message.text).toContain('Read the article: https://news.example.com/articles/storm-warning-7');
  });

  it('name the link lifetimes and the digest count', () => {
    expect(confirmEmailMessage(site, { username: 'ada', link: 'L' }).text).toContain('24 hours');
    expect(resetPasswordMessage(site, { username: 'ada', link: 'L' }).text).toContain('30 minutes');
    const digest = digestMessage(site, { articles: [article], unsubscribeUrl: 'U', settingsUrl: 'S' });
    expect(digest.subject).toBe('Your Broadsheet digest: 1 new article');
  });

  const unsubscribeUrl = 'https://news.example.com/unsubscribe?token=t';
  const settingsUrl = 'https://news.example.com/profile';
  const kb100 = 100 * 1024;
  const bytes = (message: { html: string; text: string }) => Buffer.byteLength(message.html) + Buffer.byteLength(message.text);

  it('stay under 100 KB and carry the links each must: the page they are about, unsubscribe and settings', () => {
    const samples = sampleEmails(site);
    for (const [name, message] of Object.entries(samples)) expect(bytes(message), name).toBeLessThan(kb100);
    for (const name of ['article', 'digest', 'reply'] as const) {
      const message = samples[name]!;
      expect(message.html, name).toContain('href="https://news.example.com/unsubscribe?token=sample"');
      expect(message.html, name).toContain('href="https://news.example.com/profile"');
      expect(message.text, name).toContain('https://news.example.com/unsubscribe?token=sample');
    }
    expect(samples.article!.html).toContain('href="https://news.example.com/articles/1#comments"');
    expect(samples.article!.text).toContain('Comment: https://news.example.com/articles/1#comments');
    expect(samples.reply!.html).toContain('href="https://news.example.com/articles/1#comments"');
    expect(samples.reply!.text).toContain('Read the conversation: https://news.example.com/articles/1#comments');
  });

  it('render a whole article with inline styles, its lead image by absolute address, and a cut one with "Continue reading"', () => {
    const stored = '<h2>Forecast</h2><p>Rain <strong>all</strong> weekend, see <a href="/channels/3">the desk</a>.</p><pre><code>wind: 80 km/h</code></pre><ol><li>Stay in</li><li>Tie things down</li></ol>';
    const blocks = articleEmailBlocks(stored, site.publicUrl);
    expect(blocks.map((block) => block.text)).toEqual(['Forecast', 'Rain all weekend, see the desk.', 'wind: 80 km/h', '1. Stay in\n2. Tie things down']);
    const email: ArticleEmail = { ...article, author: 'ada', commentUrl: `${article.url}#comments`, blocks };
    const whole = newArticleMessage(site, { article: email, unsubscribeUrl, settingsUrl });
    expect(whole.html).toContain('src="https://news.example.com/uploads/1_storm.webp"');
    expect(whole.html).toMatch(/<h2 style="[^"]+">Forecast<\/h2>/);
    expect(whole.html).toContain('<a href="https://news.example.com/channels/3" style="color:#1c1917;text-decoration:underline">the desk</a>');
    expect(whole.html).toMatch(/<pre style="[^"]*white-space:pre-wrap[^"]*" class="bs-code">/);
    expect(whole.html).not.toContain('Continue reading');
    expect(whole.text).toContain('By ada in Weather');
    expect(whole.text).toContain('Rain all weekend, see the desk.');

    const cut = newArticleMessage(site, { article: email, shown: 2, unsubscribeUrl, settingsUrl });
    expect(cut.html).toContain('Continue reading on Broadsheet');
    expect(cut.html).not.toContain('Tie things down');
    expect(cut.text).toContain(`Continue reading on Broadsheet: ${article.url}`);
  });

  it('keep nothing of an article the allowlist refuses', () => {
    const blocks = articleEmailBlocks('<p onclick="x()" style="position:fixed">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p><iframe src="https://evil.example"></iframe>', site.publicUrl);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.html).not.toMatch(/onclick|position:fixed|script|<img|iframe/);
    expect(blocks[0]!.text).toBe('Hi');
  });

  it('quote each reply of a reply notice, escaped, and name how many there are', () => {
    const one = replyNoticeMessage(site, { username: 'ada', articleTitle: 'Storm warning', threadUrl: `${article.url}#comments`, replies: [{ author: 'bo', text: '<b>Stay safe</b>' }], unsubscribeUrl, settingsUrl });
    expect(one.subject).toBe('bo replied to your comment on Storm warning');
    expect(one.html).toContain('&lt;b&gt;Stay safe&lt;/b&gt;');
    const two = replyNoticeMessage(site, {
      username: 'ada',
      articleTitle: 'Storm warning',
      threadUrl: `${article.url}#comments`,
      replies: [
        { author: 'bo', text: 'One' },
        { author: 'cy', text: 'Two' },
      ],
      unsubscribeUrl,
      settingsUrl,
    });
    expect(two.subject).toBe('2 new replies to your comment on Storm warning');
    expect(two.text).toContain('bo:\nOne');
    expect(two.text).toContain(`Stop reply emails: ${unsubscribeUrl}`);
    expect(bytes(two)).toBeLessThan(kb100);
  });

  it('tell moderated authors what happened and where, escaped, and owners what waits in each channel', () => {
    const hidden = commentHiddenMessage(site, { username: 'bo', articleTitle: 'Storm warning', excerpt: '<i>rude</i>', url: `${article.url}#comment-4` });
    expect(hidden.subject).toBe('Your comment on Storm warning was hidden');
    expect(hidden.html).toContain('&lt;i&gt;rude&lt;/i&gt;');
    expect(hidden.html).toContain(`href="${article.url}#comment-4"`);
    expect(hidden.text).toContain(`See the conversation: ${article.url}#comment-4`);
    const removed = articleRemovedMessage(site, { username: 'ada', title: 'Storm warning', note: 'Check the <b>dates</b>', editUrl: 'https://news.example.com/articles/7/edit' });
    expect(removed.html).toContain('Check the &lt;b&gt;dates&lt;/b&gt;');
    expect(removed.html).toContain('href="https://news.example.com/articles/7/edit"');
    const queue = moderationQueueMessage(site, {
      username: 'ada',
      channels: [
        { name: 'Weather', reports: 1, held: 0, url: 'https://news.example.com/channels/1/moderation' },
        { name: 'Sport', reports: 0, held: 3, url: 'https://news.example.com/channels/2/moderation' },
      ],
    });
    expect(queue.subject).toBe('Waiting for you in Weather and 1 more: 1 open report');
    expect(queue.text).toContain('Sport: 3 comments awaiting approval (https://news.example.com/channels/2/moderation)');
    expect(queue.html).toContain('href="https://news.example.com/channels/1/moderation"');
    for (const message of [hidden, removed, queue]) expect(bytes(message)).toBeLessThan(kb100);
  });
});
