import { describe, expect, it } from 'vitest';
import { parseBootstrapPart } from './bootstrap-part';

const isList = (value: unknown): value is { items: unknown[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);

describe('parseBootstrapPart', () => {
  it('returns the part under its key when it has the expected shape', () => {
    expect(parseBootstrapPart('{"user":null,"channels":{"items":[{"id":1}],"nextCursor":null}}', 'channels', isList)).toEqual({
      items: [{ id: 1 }],
      nextCursor: null,
    });
  });

  it('ignores a missing block, bad JSON, a missing key and a part of the wrong shape', () => {
    expect(parseBootstrapPart(null, 'channels', isList)).toBeUndefined();
    expect(parseBootstrapPart('{not json', 'channels', isList)).toBeUndefined();
    expect(parseBootstrapPart('null', 'channels', isList)).toBeUndefined();
    expect(parseBootstrapPart('{"user":null}', 'channels', isList)).toBeUndefined();
    expect(parseBootstrapPart('{"channels":{"items":"nope"}}', 'channels', isList)).toBeUndefined();
  });
});
