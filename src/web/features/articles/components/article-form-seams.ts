import type { ComponentType, ReactNode } from 'react';
import type { Article } from '@contract/articles';
import type { ArticleFormValues, ArticleLocation } from '@/lib/article-form';
import type { UploadTextImage } from './editor-image-tools';
import type { PreviewGalleryComponent } from './article-preview';

/**
 * The parts of the article form other features fill (features do not import each other): pages in
 * app/ build them from the geo, media, drafts and workflow features and pass them in.
 */

/** The location picker lives in the geo feature; pages pass it in. */
export type LocationFieldComponent = ComponentType<{
  value: ArticleLocation | null;
  onChange: (value: ArticleLocation | null) => void;
  labelId: string;
}>;

/**
 * The seam for article images (media feature). A page builds it with the media feature's hook
 * and passes it in; the form renders `element` in its images place, shows 'Uploading Images...'
 * on Save while `isUploading`, and after the article is saved calls `commit(articleId)`, which
 * uploads pending files first and then saves the image records (docs/product.md#writing). A throw is
 * reported with the image-save warning of docs/product.md#writing. `reset` restores the loaded images
 * when an edit is cancelled.
 */
export interface ArticleImagesSeam {
  element: ReactNode;
  isUploading: boolean;
  commit: (articleId: number) => Promise<void>;
  reset?: () => void;
  /** How many gallery images have no alt text (publishing asks first). */
  missingAlt?: number;
  /** Pictures in the text: the editor's Image button checks and uploads through it. */
  uploadTextImage?: UploadTextImage;
}

/** What a Save needs to know of the server draft: the article it created, and the version the edit was made on. */
export interface SubmitDraft {
  articleId: number | null;
  baseSavedAt: string | null;
  /** A Save answered 409: ask the writer as an autosave's conflict does. */
  conflicted: (savedAt?: string) => Promise<void>;
}

/** A save through another path than `onSubmit` (see WorkflowControls). */
export type FormAction = (values: ArticleFormValues, draft?: SubmitDraft) => Promise<void>;

/**
 * What the newsroom's status panel gets: `submitWith(run)` saves the form as Save does (checks,
 * alt-text question, the autosave settled) but through `run` instead of `onSubmit`: Submit for
 * review, Schedule, Unschedule.
 */
export interface WorkflowControls {
  values: ArticleFormValues;
  submitWith: (run: FormAction) => void;
  busy: boolean;
}

/**
 * The writing desk around the form (docs/decisions/040-drafts-on-the-server.md), from the drafts
 * feature: the draft saved on the server as the writer types and its save status, and the Preview.
 * Without it the form saves only on Save and offers no Preview.
 */
export interface FormDesk {
  /** The article as loaded, or null for a new one, and its author: what the Preview shows around the typed text. */
  article: Article | null;
  author: { id: number; username: string };
  /** The gallery the article page shows (media feature), for the Preview. */
  gallery?: PreviewGalleryComponent;
  /** The article the autosaves created, or null: from then on it stays in its channel. */
  articleId: number | null;
  /** Lets an autosave on its way land, and says what a Save is made on. */
  settle: () => Promise<SubmitDraft>;
  /** The save status, beside the word count. */
  status: ReactNode;
}

/** Work kept in this browser (drafts feature): the leave question, the offer of a kept copy, and what Cancel forgets. */
export interface FormUnsentWork {
  leaveDialog: ReactNode;
  restoreNotice: ReactNode;
  /** Cancel throws the changes away on purpose: nothing to ask about, nothing to keep. */
  forget: () => void;
}
