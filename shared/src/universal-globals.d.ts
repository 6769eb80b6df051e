// The shared package compiles without DOM or Node typings so neither can creep in. These few
// WHATWG globals exist in every runtime we target (browsers, Node ≥ 20), so they are declared here.
declare class URL {
  constructor(url: string, base?: string)
  readonly protocol: string
  readonly hostname: string
  readonly pathname: string
  readonly search: string
  readonly href: string
  toString(): string
}
