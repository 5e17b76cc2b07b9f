import { describe, expect, it } from 'vitest';
import { plan, RUNTIME_VERSION, supports } from './runtime.mjs';

describe('the Node the project runs on', () => {
  it('runs on the machine’s own Node from 22.22 on', () => {
    expect(supports('v22.22.0')).toBe(true);
    expect(supports('22.23.1')).toBe(true);
    expect(supports('24.0.0')).toBe(true);
    expect(supports('22.21.9')).toBe(false);
    expect(supports('20.20.2')).toBe(false);
    expect(plan('24.1.0', 'darwin', 'arm64')).toEqual({ action: 'system' });
  });

  it('brings its pinned Node 24 where the registry has it for an older Node', () => {
    expect(plan('20.20.2', 'linux', 'x64')).toMatchObject({ action: 'fetch', key: 'linux-x64', integrity: expect.stringMatching(/^sha512-/) });
    expect(plan('20.20.2', 'linux', 'arm64')).toMatchObject({ action: 'fetch', key: 'linux-arm64' });
  });

  it('stops with the Node to install where the registry has none for the platform', () => {
    const refused = plan('18.9.0', 'darwin', 'arm64');
    expect(refused.action).toBe('refuse');
    expect(refused.message).toContain('Node 24 LTS (22.22 or later)');
    expect(refused.message).toContain('Node 18.9.0');
    expect(refused.message).toContain(`no Node ${RUNTIME_VERSION} package for darwin-arm64`);
  });
});
