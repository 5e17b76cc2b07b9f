import { useEffect } from 'react';
import type { HintedButton } from './preference-toggles';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './ui/tooltip';

/**
 * The header toggles with their tooltips (delay 700 ms, skip delay 300 ms),
 * loaded after the first render (see preference-toggles.tsx). The buttons are mounted anew here, so
 * the one the reader had focused gets the focus back.
 */
export default function PreferenceToggleTooltips({ items, focusKey }: { items: HintedButton[]; focusKey: string | null }) {
  useEffect(() => {
    if (!focusKey) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-hint="${focusKey}"]`)?.focus();
    // Only once, right after the buttons were mounted anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <TooltipProvider>
      {items.map((item) => (
        <Tooltip key={item.key}>
          <TooltipTrigger asChild>{item.button}</TooltipTrigger>
          <TooltipContent>{item.label}</TooltipContent>
        </Tooltip>
      ))}
    </TooltipProvider>
  );
}
