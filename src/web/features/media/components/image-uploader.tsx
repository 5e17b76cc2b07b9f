import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { ArrowDownIcon, ArrowUpIcon, ImagePlusIcon, Trash2Icon } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { Article, ArticleImage } from '@contract/articles';
import { LIMITS } from '@contract/limits';
import { ACCEPTED_IMAGE_EXTENSIONS, ACCEPTED_IMAGE_TYPES, IMAGE_ALT_MAX, IMAGE_CAPTION_MAX, MEDIA_MESSAGES } from '@contract/media-rules';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { invalidateApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { saveArticleImages } from '../api/save-article-images';
import { uploadImage } from '../api/upload-image';
import { checkImageFile } from '../lib/check-image-file';
import { compressImage, needsCompression } from '../lib/compress-image';
import {
  acceptFiles,
  itemsFromArticleImages,
  missingAltCount,
  moveItem,
  newItemKey,
  remainingSlots,
  sameAsSaved,
  storedFromUpload,
  type FileRejection,
  type PendingItem,
  type StoredImage,
  type UploaderItem,
  withCover,
} from '../lib/uploader-items';

const ACCEPT = [...Object.keys(ACCEPTED_IMAGE_TYPES), ...ACCEPTED_IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface ImageUploaderProps {
  value: UploaderItem[];
  onChange: (items: UploaderItem[]) => void;
  /** 5 per article (the kept images count toward it when editing) (docs/product.md#writing). */
  maxImages?: number;
  disabled?: boolean;
}

/**
 * The image picker of the article forms (docs/product.md#writing): a drop zone with a file button,
 * previews, a caption per image, reordering with Move up / Move down, removal, the 5-image limit,
 * the dropzone's rejection messages, and a progress bar per file while it uploads.
 */
export function ImageUploader({ value, onChange, maxImages = LIMITS.imagesPerArticle, disabled = false }: ImageUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState(false);
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const focusAfterChange = useRef<string | null>(null);
  const ids = { legend: useId(), help: useId() };
  const remaining = remainingSlots(value, maxImages);
  const full = remaining === 0;

  // After a move, focus follows the moved image's control (its twin when that one became disabled).
  useEffect(() => {
    const wanted = focusAfterChange.current;
    if (!wanted || !listRef.current) return;
    focusAfterChange.current = null;
    const [key, action] = wanted.split('|');
    const find = (a: string) => listRef.current?.querySelector<HTMLButtonElement>(`[data-item="${key}"][data-action="${a}"]`);
    const target = find(action!);
    (target && !target.disabled ? target : find(action === 'up' ? 'down' : 'up'))?.focus();
  }, [value]);

  // The latest list, for files whose checks finish after other changes.
  const latest = useRef(value);
  latest.current = value;

  const addFiles = async (files: File[]) => {
    if (disabled) return;
    const { accepted: candidates, rejections: refused } = acceptFiles(files, remaining);
    setRejections(refused);
    if (candidates.length === 0) return;
    // Each file is decoded here, before anything is saved: one that cannot be read is refused by name
    // and the others go on.
    const checks = await Promise.all(candidates.map((file) => checkImageFile(file)));
    const unreadable = checks.flatMap((check, i): FileRejection[] =>
      check.ok ? [] : [{ name: candidates[i]!.name, code: 'file-unreadable', message: check.message }],
    );
    if (unreadable.length > 0) setRejections([...refused, ...unreadable]);
    const accepted = candidates.filter((_, i) => checks[i]!.ok);
    if (accepted.length === 0) return;
    onChange([
      ...latest.current,
      ...accepted.map(
        (file): PendingItem => ({
          key: newItemKey(),
          status: 'pending',
          name: file.name,
          caption: '',
          alt: '',
          cover: false,
          file,
          previewUrl: URL.createObjectURL(file),
          progress: null,
          error: null,
        }),
      ),
    ]);
  };

  const remove = (index: number) => {
    const item = value[index];
    if (item?.status === 'pending') URL.revokeObjectURL(item.previewUrl);
    onChange(value.filter((_, i) => i !== index));
  };

  const move = (index: number, delta: -1 | 1) => {
    focusAfterChange.current = `${value[index]!.key}|${delta < 0 ? 'up' : 'down'}`;
    onChange(moveItem(value, index, delta));
  };

  const setCaption = (index: number, caption: string) => onChange(value.map((item, i) => (i === index ? { ...item, caption } : item)));
  const setAlt = (index: number, alt: string) => onChange(value.map((item, i) => (i === index ? { ...item, alt } : item)));

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void addFiles([...event.dataTransfer.files]);
  };

  return (
    // min-w-0: a fieldset is at least as wide as its content by default, and file names can be long.
    <fieldset className="min-w-0 space-y-3" aria-describedby={ids.help} disabled={disabled}>
      <legend id={ids.legend} className="mb-2 text-sm leading-none font-medium">
        Images
      </legend>
      <div
        data-testid="image-dropzone"
        onDragEnter={(e) => {
          e.preventDefault();
          if (!disabled && !full) setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = disabled || full ? 'none' : 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          dragging ? 'border-primary bg-accent' : 'border-input',
          // Not opacity: faded help text would fall below the 4.5:1 contrast readers need.
          (disabled || full) && 'border-muted bg-muted/40',
        )}
      >
        <ImagePlusIcon className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm">
          {full ? `You have added the maximum of ${maxImages} images.` : 'Drag and drop images here, or'}
        </p>
        {!full && (
          <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled}>
            Choose images
          </Button>
        )}
        <p id={ids.help} className="text-xs text-muted-foreground">
          PNG, JPG, JPEG, GIF or WEBP. Up to {maxImages} images ({remaining} remaining). Files over 5MB are compressed automatically.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="image-file-input"
          onChange={(e) => {
            void addFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </div>

      <div aria-live="polite">
        {rejections.length > 0 && (
          <ul className="space-y-1 text-sm text-destructive" data-testid="image-rejections">
            {rejections.map((r, i) => (
              <li key={`${r.name}-${i}`}>
                {r.name}: {r.message}
              </li>
            ))}
          </ul>
        )}
      </div>

      {value.length > 0 && (
        <ol ref={listRef} className="space-y-3" aria-label="Chosen images">
          {value.map((item, index) => (
            <UploaderRow
              key={item.key}
              item={item}
              index={index}
              count={value.length}
              disabled={disabled}
              onCaption={(caption) => setCaption(index, caption)}
              onAlt={(alt) => setAlt(index, alt)}
              onCover={() => onChange(withCover(value, index))}
              onMove={(delta) => move(index, delta)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
    </fieldset>
  );
}

function UploaderRow({
  item,
  index,
  count,
  disabled,
  onCaption,
  onAlt,
  onCover,
  onMove,
  onRemove,
}: {
  item: UploaderItem;
  index: number;
  count: number;
  disabled: boolean;
  onCaption: (caption: string) => void;
  onAlt: (alt: string) => void;
  onCover: () => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const captionId = useId();
  const altId = useId();
  const coverId = useId();
  const n = index + 1;
  const src = item.status === 'pending' ? item.previewUrl : item.image.url;
  const uploading = item.status === 'pending' && item.progress !== null;
  return (
    <li className="flex flex-col gap-3 rounded-md border p-3 sm:flex-row sm:items-start" data-testid="uploader-item">
      <img src={src} alt={`Preview of image ${n}`} width={96} height={72} className="h-18 w-24 shrink-0 rounded bg-muted object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="truncate text-xs text-muted-foreground" title={item.name}>
          <span className="font-medium text-foreground">Image {n}</span> · {item.name}
          {item.status === 'pending' && (
            <>
              {' '}
              · {formatBytes(item.file.size)}
              {needsCompression(item.file.size) && ' · will be compressed'}
            </>
          )}
        </p>
        <Label htmlFor={captionId} className="text-xs">
          Caption<span className="sr-only"> for image {n}</span>
        </Label>
        <Input
          id={captionId}
          value={item.caption}
          maxLength={IMAGE_CAPTION_MAX}
          onChange={(e) => onCaption(e.target.value)}
          placeholder="Optional: shown under the image"
        />
        <Label htmlFor={altId} className="text-xs">
          Alt text<span className="sr-only"> for image {n}</span>
        </Label>
        <Input
          id={altId}
          value={item.alt}
          maxLength={IMAGE_ALT_MAX}
          onChange={(e) => onAlt(e.target.value)}
          placeholder="What the image shows, for readers who cannot see it"
        />
        <div className="flex items-center gap-2">
          <input
            id={coverId}
            type="checkbox"
            checked={item.cover}
            onChange={onCover}
            className="size-4 accent-primary"
          />
          <Label htmlFor={coverId} className="text-xs">
            {/* One text run: the label is a flex row, and its gap would split the words. */}
            <span>
              Cover image<span className="sr-only"> {n}</span> (shown on cards and in shared links)
            </span>
          </Label>
        </div>
        {uploading && (
          <div
            role="progressbar"
            aria-label={`Uploading ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((item.progress ?? 0) * 100)}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round((item.progress ?? 0) * 100)}%` }} />
          </div>
        )}
        {item.status === 'pending' && item.error && <p className="text-sm text-destructive">{item.error}</p>}
      </div>
      <div className="flex gap-1 sm:flex-col">
        <Button
          type="button"
          variant="outline"
          size="icon"
          data-item={item.key}
          data-action="up"
          disabled={disabled || index === 0}
          onClick={() => onMove(-1)}
          aria-label={`Move image ${n} up`}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          data-item={item.key}
          data-action="down"
          disabled={disabled || index === count - 1}
          onClick={() => onMove(1)}
          aria-label={`Move image ${n} down`}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button type="button" variant="outline" size="icon" disabled={disabled} onClick={onRemove} aria-label={`Remove image ${n}`}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * Uploads every pending image in order (compressing files over 5 MB first, docs/product.md#writing).
 * `onUpdate` receives each change (progress, result, error) so the list can show it. Failed files
 * get the toast 'Failed to upload image: {file name}' (docs/product.md#writing) and stay pending.
 */
export async function uploadPendingImages(
  items: readonly UploaderItem[],
  onUpdate: (key: string, next: UploaderItem) => void = () => {},
): Promise<{ items: UploaderItem[]; stored: { url: string; caption: string; alt: string; cover: boolean }[]; failed: PendingItem[] }> {
  const result: UploaderItem[] = [];
  const failed: PendingItem[] = [];
  for (const item of items) {
    if (item.status === 'stored') {
      result.push(item);
      continue;
    }
    let current: PendingItem = { ...item, progress: 0, error: null };
    onUpdate(item.key, current);
    try {
      const file = await compressImage(item.file);
      const upload = await uploadImage(file, (fraction) => {
        current = { ...current, progress: fraction };
        onUpdate(item.key, current);
      });
      const stored: UploaderItem = {
        key: item.key,
        status: 'stored',
        caption: item.caption,
        alt: item.alt,
        cover: item.cover,
        name: item.name,
        image: storedFromUpload(upload),
      };
      onUpdate(item.key, stored);
      result.push(stored);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: MEDIA_MESSAGES.uploadFailed(item.name) });
      current = { ...current, progress: null, error: error instanceof Error ? error.message : MEDIA_MESSAGES.uploadFailed(item.name) };
      onUpdate(item.key, current);
      failed.push(current);
      result.push(current);
    }
  }
  const stored = result.flatMap((i) => (i.status === 'stored' ? [{ url: i.image.url, caption: i.caption, alt: i.alt, cover: i.cover }] : []));
  return { items: result, stored, failed };
}

/**
 * An image for the article's text: checked like the gallery's (refused by name when it cannot be
 * read), compressed when over 5 MB, then uploaded. Answers the stored image or the message to show.
 */
export async function uploadTextImage(file: File): Promise<{ ok: true; url: string; width: number; height: number } | { ok: false; message: string }> {
  if (!file.type.startsWith('image/')) return { ok: false, message: MEDIA_MESSAGES.fileType };
  const check = await checkImageFile(file);
  if (!check.ok) return check;
  try {
    const upload = await uploadImage(await compressImage(file));
    return { ok: true, url: upload.url, width: upload.width, height: upload.height };
  } catch {
    return { ok: false, message: MEDIA_MESSAGES.uploadFailed(file.name) };
  }
}

/** What the article forms take (the `images` seam of the articles feature). */
export interface ArticleImagesField {
  element: ReactNode;
  isUploading: boolean;
  commit: (articleId: number) => Promise<void>;
  reset: () => void;
  items: UploaderItem[];
  /** How many gallery images have no alt text (the form warns before publishing). */
  missingAlt: number;
  /** Checks and uploads an image for the text (the editor's Image button). */
  uploadTextImage: typeof uploadTextImage;
}

/**
 * The uploader bound to an article's images, for the create and edit pages: it renders the
 * uploader and, once the article is saved, uploads what is pending and then saves the image
 * records (docs/product.md#writing). `commit` throws when something could not be saved, so the form can
 * show the image-save warning of docs/product.md#writing.
 */
export function useArticleImagesField(savedImages: readonly ArticleImage[] | undefined): ArticleImagesField {
  const queryClient = useQueryClient();
  const saved = useMemo(() => itemsFromArticleImages(savedImages ?? []), [savedImages]);
  const [edited, setEdited] = useState<UploaderItem[] | null>(null);
  const [isUploading, setUploading] = useState(false);
  const items = edited ?? saved;

  const commit = async (articleId: number) => {
    if (!articleId) {
      toast({ variant: 'destructive', title: 'Error', description: MEDIA_MESSAGES.missingArticleId });
      throw new Error(MEDIA_MESSAGES.missingArticleId);
    }
    if (sameAsSaved(items, saved)) return;
    setUploading(true);
    let outcome: Awaited<ReturnType<typeof uploadPendingImages>>;
    try {
      outcome = await uploadPendingImages(items, (key, next) =>
        setEdited((prev) => (prev ?? saved).map((item) => (item.key === key ? next : item))),
      );
    } finally {
      setUploading(false);
    }
    const images = await saveArticleImages(articleId, outcome.stored);
    queryClient.setQueryData<Article>([`/api/articles/${articleId}`], (article) => (article ? { ...article, images } : article));
    void invalidateApi(queryClient, '/api/articles', '/api/channels');
    // The images that did upload are saved above; the error names the ones that did not.
    if (outcome.failed.length > 0) throw new Error(MEDIA_MESSAGES.uploadFailed(outcome.failed.map((f) => f.name).join(', ')));
  };

  return {
    element: <ImageUploader value={items} onChange={setEdited} disabled={isUploading} />,
    isUploading,
    commit,
    reset: () => setEdited(null),
    items,
    missingAlt: missingAltCount(items),
    uploadTextImage,
  };
}

export type { StoredImage, UploaderItem };
