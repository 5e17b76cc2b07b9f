import { signedInClient, type TestApp } from './test-app.js';

/**
 * A channel with its owner, an editor and a writer, for the suites about who may do what in a
 * newsroom. The staff rows are written directly: inviting and accepting is the staff suites' subject.
 */
export async function newsroom(t: TestApp) {
  const owner = await signedInClient(t, 'owner');
  const editor = await signedInClient(t, 'editor');
  const writer = await signedInClient(t, 'writer');
  const channelId = (await owner.client.post('/api/channels', { name: `Desk ${owner.id}`, description: 'A newsroom' })).json().id as number;
  for (const [person, role] of [[editor, 'editor'], [writer, 'writer']] as const) {
    await t.ctx.db.insertInto('channel_staff').values({ channel_id: channelId, user_id: person.id, role, created_at: Date.now() }).execute();
  }
  return { owner, editor, writer, channelId };
}
