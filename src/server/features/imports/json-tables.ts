import { pipeline as pipelineWithCallback, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parser, type Token } from 'stream-json/parser.js';
import Assembler from 'stream-json/assembler.js';
import verifier from 'stream-json/utils/verifier.js';
import { ImportFileError } from './source-records.js';

/** One row of a table of a database dump shaped `{db: [{data: {table: [rows]}}]}` or `{data: {table: [rows]}}`. */
export interface JsonRow {
  table: string;
  value: unknown;
  /** Where the row is, for messages: `db[0].data.posts[3]`. */
  path: string;
}

/**
 * No one string of an export (a post's HTML, its Lexical state) may be longer than this: the
 * parser holds a string whole before handing it over, so this bounds what one value can cost.
 */
export const MAX_JSON_STRING_CHARS = 32 * 1024 * 1024;

type Step = string | number;
type Frame = { kind: 'object'; key: string | null } | { kind: 'array'; index: number };

function pathText(steps: readonly Step[]): string {
  return steps.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}

/** The table a value at `steps` is a row of, when it is one. */
function tableOf(steps: readonly Step[]): string | null {
  const [a, b, c, d, e] = steps;
  if (steps.length === 5 && a === 'db' && b === 0 && c === 'data' && typeof d === 'string' && typeof e === 'number') return d;
  if (steps.length === 3 && a === 'data' && typeof b === 'string' && typeof c === 'number') return b;
  return null;
}

/**
 * Streams the rows of the wanted tables out of a JSON database dump, one assembled row at a time
 * (stream-json's parser and Assembler): every other value is only tokenized, never built, so a dump
 * of any size costs the memory of its largest row. A malformed document fails with its line,
 * found by stream-json's verifier on a second read, since its parser does not count lines.
 */
export async function* readJsonTables(
  open: () => Promise<Readable>,
  fileName: string,
  wanted: (table: string) => boolean,
): AsyncGenerator<JsonRow> {
  const frames: Frame[] = [];
  const steps: Step[] = [];
  let assembler: Assembler | null = null;
  let row: { table: string; path: string } | null = null;
  let stringChars = 0;

  /** A value starts where the innermost frame points: its key, or the next index. */
  const enterValue = () => {
    const top = frames.at(-1);
    if (top) steps.push(top.kind === 'object' ? (top.key ?? '') : top.index);
  };
  const leaveValue = () => {
    const top = frames.at(-1);
    if (top) {
      steps.pop();
      if (top.kind === 'array') top.index += 1;
    }
  };

  // pipeline, not pipe: an error of the source (an archive entry that lies about its size) must reach the loop.
  const tokens = pipelineWithCallback(await open(), parser.asStream(), () => {});
  try {
    for await (const token of tokens as AsyncIterable<Token>) {
      if (token.name === 'startString' || token.name === 'startKey') stringChars = 0;
      else if (token.name === 'stringChunk') {
        stringChars += token.value.length;
        if (stringChars > MAX_JSON_STRING_CHARS) {
          throw new ImportFileError(`${fileName}: ${row?.path ?? (pathText(steps) || 'the document')}`, `holds a value longer than ${MAX_JSON_STRING_CHARS / 1024 / 1024} MB`);
        }
      }

      if (assembler) {
        assembler.consume(token);
        if (assembler.done) {
          const value = assembler.current;
          const done = row!;
          assembler = null;
          row = null;
          leaveValue();
          yield { table: done.table, value, path: done.path };
        }
        continue;
      }

      switch (token.name) {
        case 'keyValue': {
          const top = frames.at(-1);
          if (top?.kind === 'object') top.key = token.value;
          break;
        }
        case 'startObject':
        case 'startArray': {
          enterValue();
          const table = tableOf(steps);
          if (table !== null && token.name === 'startObject' && wanted(table)) {
            row = { table, path: pathText(steps) };
            assembler = new Assembler();
            assembler.consume(token);
          } else {
            frames.push(token.name === 'startObject' ? { kind: 'object', key: null } : { kind: 'array', index: 0 });
          }
          break;
        }
        case 'endObject':
        case 'endArray':
          frames.pop();
          leaveValue();
          break;
        case 'stringValue':
        case 'numberValue':
        case 'nullValue':
        case 'trueValue':
        case 'falseValue':
          enterValue();
          leaveValue();
          break;
        default:
          break;
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw await malformed(open, fileName, error as Error);
  } finally {
    tokens.destroy();
  }
}

async function malformed(open: () => Promise<Readable>, fileName: string, error: Error): Promise<ImportFileError> {
  try {
    await pipeline(await open(), verifier.asStream());
  } catch (located) {
    const { line, message } = located as { line?: number; message: string };
    if (typeof line === 'number') {
      return new ImportFileError(`${fileName} line ${line}`, `the JSON is malformed (${message.replace(/^ERROR at .*?: /, '').replace(/^Verifier cannot parse input: /, '')})`);
    }
  }
  return new ImportFileError(fileName, `the JSON is malformed (${error.message})`);
}
