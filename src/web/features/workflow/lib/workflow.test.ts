import { describe, expect, it } from 'vitest';
import { articleRights, roleInChannel, workflowActions, writableChannels } from './workflow';

describe('the editor’s workflow buttons', () => {
  it('gives a writer Submit for review on their own draft, and never Publish or Schedule', () => {
    const actions = workflowActions({ role: 'writer', status: 'draft', isAuthor: true });
    expect(actions).toMatchObject({ publish: false, submitForReview: true, schedule: false, unschedule: false, edit: true });
  });

  it('lets a writer keep editing their article in review, without submitting it twice', () => {
    expect(workflowActions({ role: 'writer', status: 'in_review', isAuthor: true })).toMatchObject({ submitForReview: false, edit: true, publish: false });
  });

  it('refuses a writer someone else’s article, and their own once scheduled or published', () => {
    expect(workflowActions({ role: 'writer', status: 'draft', isAuthor: false })).toMatchObject({ edit: false, submitForReview: false });
    expect(workflowActions({ role: 'writer', status: 'published', isAuthor: true }).edit).toBe(false);
    expect(workflowActions({ role: 'writer', status: 'scheduled', isAuthor: true }).edit).toBe(false);
  });

  it('gives editors and the owner Publish and Schedule on any unpublished article, not Submit', () => {
    for (const role of ['editor', 'owner'] as const) {
      for (const status of ['draft', 'in_review'] as const) {
        expect(workflowActions({ role, status, isAuthor: false })).toMatchObject({ publish: true, schedule: true, unschedule: false, submitForReview: false, edit: true });
      }
    }
  });

  it('offers Reschedule and Unschedule on a scheduled article, and no scheduling once published', () => {
    expect(workflowActions({ role: 'editor', status: 'scheduled', isAuthor: false })).toMatchObject({ schedule: true, unschedule: true });
    expect(workflowActions({ role: 'owner', status: 'published', isAuthor: true })).toMatchObject({ schedule: false, unschedule: false, publish: true });
  });

  it('shows the review note to the author of a draft sent back, to no one else', () => {
    expect(workflowActions({ role: 'writer', status: 'draft', isAuthor: true, reviewNote: 'Cite the source' }).reviewNote).toBe(true);
    expect(workflowActions({ role: 'editor', status: 'draft', isAuthor: false, reviewNote: 'Cite the source' }).reviewNote).toBe(false);
    expect(workflowActions({ role: 'writer', status: 'draft', isAuthor: true, reviewNote: null }).reviewNote).toBe(false);
    expect(workflowActions({ role: 'writer', status: 'in_review', isAuthor: true, reviewNote: 'old' }).reviewNote).toBe(false);
  });

  it('gives someone outside the channel nothing', () => {
    expect(workflowActions({ role: null, status: 'draft', isAuthor: true })).toEqual({
      publish: false,
      submitForReview: false,
      schedule: false,
      unschedule: false,
      reviewNote: false,
      edit: false,
    });
  });
});

describe('the viewer’s channels', () => {
  const own = [{ id: 1, name: 'Own' }];
  const staff = [
    { id: 2, name: 'Daily', role: 'writer' as const },
    { id: 3, name: 'Weekly', role: 'editor' as const },
  ];

  it('knows the role in each channel', () => {
    expect(roleInChannel(1, own, staff)).toBe('owner');
    expect(roleInChannel(2, own, staff)).toBe('writer');
    expect(roleInChannel(3, own, staff)).toBe('editor');
    expect(roleInChannel(4, own, staff)).toBeNull();
    expect(roleInChannel(null, own, staff)).toBeNull();
  });

  it('lists owned channels first, then staff channels with their role', () => {
    expect(writableChannels(own, staff)).toEqual([
      { id: 1, name: 'Own', role: 'owner' },
      { id: 2, name: 'Daily', role: 'writer' },
      { id: 3, name: 'Weekly', role: 'editor' },
    ]);
  });
});

describe('the article page’s actions', () => {
  const own = [{ id: 1 }];
  const staff = [
    { id: 2, role: 'writer' as const },
    { id: 3, role: 'editor' as const },
  ];
  const rights = (channelId: number, status: 'draft' | 'in_review' | 'scheduled' | 'published', isAuthor: boolean, staffKnown = true) =>
    articleRights({ channelId, status, isAuthor, own, staff, staffKnown });

  it('gives the channel’s owner and editors Edit, Publish and Delete on anyone’s article', () => {
    expect(rights(1, 'published', false)).toEqual({ edit: true, publish: true, delete: true });
    expect(rights(3, 'in_review', false)).toEqual({ edit: true, publish: true, delete: true });
  });

  it('gives a writer Edit and Delete of their own article until it is published, and never Publish', () => {
    expect(rights(2, 'draft', true)).toEqual({ edit: true, publish: false, delete: true });
    expect(rights(2, 'in_review', true)).toEqual({ edit: true, publish: false, delete: true });
    expect(rights(2, 'published', true)).toEqual({ edit: false, publish: false, delete: false });
    expect(rights(2, 'draft', false)).toEqual({ edit: false, publish: false, delete: false });
  });

  it('keeps the author’s own actions outside the newsroom, once the reader’s channels are known', () => {
    expect(rights(9, 'published', true)).toEqual({ edit: true, publish: true, delete: true });
    expect(rights(9, 'published', true, false)).toEqual({ edit: false, publish: false, delete: false });
    expect(rights(9, 'published', false)).toEqual({ edit: false, publish: false, delete: false });
  });
});
