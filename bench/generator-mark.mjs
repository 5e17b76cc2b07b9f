// The version of the rows bench/generate.ts makes. Bump it whenever they change: bench/run.mjs keeps
// a PostgreSQL database per scale and generates it again when its mark (a comment on the database)
// is not this version's.
export const GENERATOR_VERSION = 4;

/** The comment bench/generate.ts puts on a PostgreSQL database it has filled. */
export const generatorMark = (articles) => `broadsheet bench data v${GENERATOR_VERSION}: ${articles} articles`;
