import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long a file of each project takes per byte of source, for files Vitest has no time
 * for yet (a fresh clone, CI): a journey starts a server and a browser, an API file runs on two
 * databases, a unit file computes.
 */
const MS_PER_BYTE: Record<string, number> = { e2e: 2.5, hardening: 3, 'hardening-alone': 3, api: 0.5, unit: 0.03 };

/**
 * Longest file first across the projects of a group, so two workers finish together instead of one
 * of them running the last long journey alone. The time is the one Vitest kept from the last run,
 * else an estimate from the file's size.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(
      files.map((spec) => {
        const kept = this.ctx.cache.getTestSpecificationResult(spec);
        const size = fs.existsSync(spec.moduleId) ? fs.statSync(spec.moduleId).size : 0;
        return [spec, kept?.duration ?? size * (MS_PER_BYTE[spec.project.name] ?? 1)];
      }),
    );
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || expected.get(b)! - expected.get(a)!,
    );
  }
}
