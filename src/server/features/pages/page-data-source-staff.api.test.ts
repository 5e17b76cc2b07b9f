import { describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp, type TestApp } from '../../../test-support/test-app.js';
import type { SessionUser } from '../../lib/session-user.js';
import { createPageDataSource, type PageServices } from './page-data-source.js';

/**
 * What the newsroom's server-rendered pages read (staff channels, invitations, a channel's staff and
 * log): what the API would answer, empty for a signed-out reader, null where the API refuses.
 */
describe.each(testDatabases())('the newsroom page data on %s', (kind) => {
  const t = useTestApp(kind);
  // The email service is built with the app; these reads never touch it.
  const services = (app: TestApp) => ({ ...app.ctx, email: undefined }) as unknown as PageServices;

  it('answers the viewer’s staff channels and invitations, a channel’s staff and log, and null where refused', async () => {
    const owner = await signedInClient(t, 'owner');
    const channelId = (await owner.client.post('/api/channels', { name: `Desk ${owner.username}`, description: 'News' })).json().id as number;
    const writer = await signedInClient(t, 'writer');
    const invitee = await signedInClient(t, 'invitee');
    const outsider = await signedInClient(t, 'outsider');
    const id = (await owner.client.post(`/api/channels/${channelId}/staff`, { username: writer.username, role: 'writer' })).json().id;
    await writer.client.post(`/api/invitations/${id}/accept`);
    await owner.client.post(`/api/channels/${channelId}/staff`, { username: invitee.username, role: 'editor' });
    const session = (person: { id: number; username: string }): SessionUser => ({
      id: person.id,
      username: person.username,
      description: null,
      isAdmin: false,
      hasPassword: true,
      createdAt: new Date().toISOString(),
      sessionId: 'page-render',
    });

    const anonymous = createPageDataSource(services(t), null);
    expect(await anonymous.staffChannels()).toEqual([]);
    expect(await anonymous.invitations()).toEqual([]);
    expect(await anonymous.channelStaff(channelId)).toBeNull();
    expect(await anonymous.channelLog(channelId, {})).toBeNull();

    const asWriter = createPageDataSource(services(t), session(writer));
    expect(await asWriter.staffChannels()).toEqual((await writer.client.get('/api/user/staff-channels')).json());
    expect((await asWriter.channelStaff(channelId))?.map((m) => m.role)).toEqual(['owner', 'writer', 'editor']);
    expect(await asWriter.channelLog(channelId, {})).toBeNull();

    expect(await createPageDataSource(services(t), session(invitee)).invitations()).toEqual((await invitee.client.get('/api/invitations')).json());
    expect(await createPageDataSource(services(t), session(outsider)).channelStaff(channelId)).toBeNull();

    const asOwner = createPageDataSource(services(t), session(owner));
    expect(await asOwner.channelLog(channelId, {})).toEqual((await owner.client.get(`/api/channels/${channelId}/log`)).json());
    expect(await asOwner.channelLog(channelId, { limit: '0' })).toBeNull();
    expect(await asOwner.channelLog(channelId, { cursor: 'nonsense' })).toBeNull();
    expect(await asOwner.channelStaff(2_000_000_000)).toBeNull();
  });
});
