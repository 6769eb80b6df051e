/** Types of product-files.mjs. */
export declare const PRODUCT_ROOTS: string[]
export declare function productFiles(dir: string): Generator<string>
