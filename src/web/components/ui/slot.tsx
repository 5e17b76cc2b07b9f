import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref, type RefCallback } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };

/**
 * Renders its one child element with the Slot's props merged in, for `asChild` (a Link styled as a
 * Button) and OnDemand's handlers on a trigger. It does what Radix's Slot does for our uses, in a
 * tenth of its size in every page's first load: the child's props win, except that event handlers
 * both run (the child's first), classes are joined, styles are merged and both refs are set.
 * Radix's own components keep their Slot in the chunks that load them.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const childProps = children.props;
  const merged: Record<string, unknown> = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps) as [string, unknown][]) {
    const childValue = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === 'function' && typeof childValue === 'function') {
      merged[key] = (...args: unknown[]) => {
        const result = childValue(...args);
        slotValue(...args);
        return result;
      };
    } else if (key === 'style') {
      merged.style = { ...(slotValue as object), ...(childValue as object | undefined) };
    } else if (key === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ');
    }
  }
  const childRef = childProps.ref as Ref<HTMLElement> | undefined;
  if (ref && childRef) merged.ref = composeRefs(ref, childRef);
  else if (ref) merged.ref = ref;
  return cloneElement(children, merged);
}

function composeRefs(...refs: Ref<HTMLElement>[]): RefCallback<HTMLElement> {
  return (node) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    }
  };
}
