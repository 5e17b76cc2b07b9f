export declare const GENERATOR_VERSION: number;
export declare const generatorMark: (articles: number) => string;
