import { describe, expect, it } from 'vitest';
import { confirmEmailMessage, digestMessage, newArticleMessage, resetPasswordMessage, sampleEmails } from './templates.js';

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
      expect(message.html, name).toContain('href="https://news.example.com"');
      expect(message.text, name).not.toMatch(/<[a-z]/i);
      expect(message.subject.length, name).toBeGreaterThan(5);
    }
  });

  it('escape article text in HTML and keep it as written in plain text', () => {
    const message = newArticleMessage(site, { article, unsubscribeUrl: 'https://news.example.com/unsubscribe?token=t', settingsUrl: 'https://news.example.com/profile' });
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
});
