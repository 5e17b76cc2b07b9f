import type { ArticlesRepository } from '../articles/articles.repository.js';
import type { SessionUser } from '../auth/sessions.service.js';
import type { CommentsRepository } from './comments.repository.js';
import { createCommentsService } from './comments.service.js';

interface DemoComment {
  by: string;
  text: string;
  replies?: { by: string; text: string }[];
}

/** Hand-written threads for the demo articles, by title; two levels, like the real thing. */
export const DEMO_THREADS: { article: string; comments: DemoComment[] }[] = [
  {
    article: 'Harbour wall repairs finish a week early',
    comments: [
      {
        by: 'demo',
        text: 'Good news for the market traders. Does anyone know if the car park by the north wall reopens at the same time?',
        replies: [
          { by: 'marina_reyes', text: 'The port authority says the car park reopens on Monday, after the last of the barriers are cleared.' },
          { by: 'tom.okafor', text: 'Parked there this morning, so it may already be open at the far end.' },
        ],
      },
      { by: 'sam_patel', text: 'Credit to the crews working nights through that weather.' },
      {
        by: 'lena-fischer',
        text: 'How much did the repair cost in the end? The original estimate was eye-watering.',
        replies: [{ by: 'marina_reyes', text: 'The final figure has not been published yet. We have asked and will update the story.' }],
      },
      { by: 'tom.okafor', text: 'My grandfather fished out of this harbour for forty years.\nHe would be glad to see it looked after.' },
    ],
  },
  {
    article: 'Late winner sends the home side top of the table',
    comments: [
      {
        by: 'sam_patel',
        text: 'I was behind that goal. The noise when it went in!',
        replies: [
          { by: 'demo', text: 'Heard it from two streets away.' },
          { by: 'tom.okafor', text: 'Best atmosphere at the ground in years.' },
        ],
      },
      { by: 'lena-fischer', text: 'Top of the table in November means little, but I will take it.' },
      { by: 'marina_reyes', text: 'Highlights for anyone who missed it: https://example.com/highlights' },
    ],
  },
  {
    article: 'What the new flood maps mean for your street',
    comments: [
      {
        by: 'demo',
        text: 'Our street moved up a band. Is there a way to appeal the new map?',
        replies: [{ by: 'marina_reyes', text: 'Yes: the agency takes evidence such as recent survey data. The link is at the bottom of its map page.' }],
      },
      { by: 'sam_patel', text: 'Useful explainer, thank you. The bit about surface water finally made it make sense.' },
    ],
  },
  {
    article: 'How the new AI rules affect small developers',
    comments: [
      {
        by: 'tom.okafor',
        text: 'Does a chatbot on a shop website count as high risk?',
        replies: [
          { by: 'lena-fischer', text: 'Generally no. It needs to tell people they are talking to a machine, but the heavy checks are for hiring, credit and the like.' },
          { by: 'demo', text: 'That matches what our lawyer told us.' },
        ],
      },
    ],
  },
  {
    article: 'Review: a quiet novel about a loud family',
    comments: [
      { by: 'marina_reyes', text: 'Added to my list. The last book you recommended was a delight.' },
      {
        by: 'lena-fischer',
        text: 'I found the middle section slow, but the ending made up for it.',
        replies: [{ by: 'sam_patel', text: 'Fair. The slowness is deliberate, I think, but it does test you.' }],
      },
    ],
  },
  {
    article: 'Street food market returns to the old station',
    comments: [{ by: 'demo', text: 'The dumpling stall is back! Best news of the week.' }],
  },
];

/**
 * Adds the demo threads through the comments service, so counters are the real ones. Comments are
 * dated a little after their article, spaced out, and never in the future.
 */
export async function seedDemoComments(
  deps: { comments: CommentsRepository; articles: ArticlesRepository },
  users: Map<string, SessionUser>,
  articleIds: number[],
): Promise<number> {
  let clock = Date.now();
  const service = createCommentsService({ comments: deps.comments, articles: deps.articles, now: () => clock });
  const byTitle = new Map<string, { id: number; createdAt: number }>();
  for (const id of articleIds) {
    const row = await deps.articles.findById(id);
    if (row) byTitle.set(row.title, { id, createdAt: row.created_at });
  }
  const latest = Date.now() - 5 * 60_000;
  let posted = 0;
  for (const thread of DEMO_THREADS) {
    const article = byTitle.get(thread.article);
    if (!article) continue;
    let at = article.createdAt;
    const tick = () => {
      at += 37 * 60_000;
      clock = Math.min(at, latest);
    };
    for (const demo of thread.comments) {
      const author = users.get(demo.by);
      if (!author) continue;
      tick();
      const top = await service.create(article.id, author, { content: demo.text, parent_id: null });
      posted++;
      for (const reply of demo.replies ?? []) {
        const replier = users.get(reply.by);
        if (!replier) continue;
        tick();
        await service.create(article.id, replier, { content: reply.text, parent_id: top.id });
        posted++;
      }
    }
  }
  return posted;
}
