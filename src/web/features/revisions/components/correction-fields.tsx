import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { CORRECTION_KIND_LABELS, CORRECTION_KINDS, CORRECTION_TEXT_MAX } from '@contract/corrections';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { ArticleFormValues } from '@/lib/article-form';

/**
 * 'This edit corrects the article' (docs/product.md#public-record): when chosen, the kind (Correction,
 * Clarification, Update) and a plain-text note readers see after the article and in its history.
 * Fields of the article form, checked by the contract's correction schema.
 */
export function CorrectionFields({ form }: { form: UseFormReturn<ArticleFormValues> }) {
  const ids = { toggle: useId(), kind: useId(), text: useId(), textError: useId(), textHint: useId() };
  const corrects = form.watch('correction.corrects') === true;
  const text = form.watch('correction.text') ?? '';
  const error = form.formState.errors.correction?.text?.message;
  return (
    <div className="space-y-4 rounded-md border p-4">
      <div className="flex items-center gap-3">
        <Switch
          id={ids.toggle}
          checked={corrects}
          onCheckedChange={(checked) => {
            form.setValue('correction.corrects', checked, { shouldDirty: true });
            if (!checked) form.clearErrors('correction');
          }}
        />
        <Label htmlFor={ids.toggle}>This edit corrects the article</Label>
      </div>
      {corrects && (
        <>
          <fieldset className="space-y-2">
            <legend className="text-sm leading-none font-medium">Kind</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
              {CORRECTION_KINDS.map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-sm">
                  <input type="radio" value={kind} {...form.register('correction.kind')} className="size-4 accent-primary" />
                  {CORRECTION_KIND_LABELS[kind]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor={ids.text}>What readers should know</Label>
            <Textarea
              id={ids.text}
              {...form.register('correction.text')}
              rows={3}
              maxLength={CORRECTION_TEXT_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.textError} ${ids.textHint}` : ids.textHint}
            />
            <p id={ids.textHint} className="text-xs text-muted-foreground">
              Shown after the article with today’s date. {text.length}/{CORRECTION_TEXT_MAX}
            </p>
            {error && (
              <p id={ids.textError} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
