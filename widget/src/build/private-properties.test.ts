import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { WIDGET_DIR } from './ensure-built'

/**
 * The widget bundle's minifier renames the properties listed in private-properties.json everywhere in
 * the bundle (rollup.config.mjs). That is only safe for names nothing outside the bundle's own code
 * reads or writes: these tests fail when a listed name turns up in a contract (the server's JSON, the
 * config, the words, the merchant's options, the loader), as a prop on an HTML element (Preact turns
 * those into DOM properties by name), in Preact's own code, or on a browser object the widget uses.
 */
const PRIVATE: string[] = JSON.parse(
  readFileSync(join(WIDGET_DIR, 'src/build/private-properties.json'), 'utf8'),
)
const SHARED = join(WIDGET_DIR, '../shared/src')

const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file))

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)

/** Every property name a file declares, assigns or reads (types and values alike). */
function propertyNames(file: string): Set<string> {
  const names = new Set<string>()
  const visit = (node: ts.Node) => {
    if (
      (ts.isPropertySignature(node) ||
        ts.isPropertyAssignment(node) ||
        ts.isMethodSignature(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isPropertyDeclaration(node)) &&
      node.name &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))
    )
      names.add(node.name.text)
    if (ts.isShorthandPropertyAssignment(node)) names.add(node.name.text)
    if (ts.isPropertyAccessExpression(node)) names.add(node.name.text)
    if (ts.isBindingElement(node) && node.propertyName && ts.isIdentifier(node.propertyName))
      names.add(node.propertyName.text)
    ts.forEachChild(node, visit)
  }
  visit(parse(file))
  return names
}

describe('properties the widget bundle renames', () => {
  it('are none of the names in the contracts the bundle shares with the server, the merchant and the loader', () => {
    const contracts = [
      join(SHARED, 'widget-api.ts'),
      join(SHARED, 'flow/wire-types.ts'),
      join(SHARED, 'config/types.ts'),
      join(SHARED, 'config/schema.ts'),
      join(SHARED, 'config/shape.ts'),
      ...sourceFiles(join(SHARED, 'i18n')),
      join(WIDGET_DIR, 'src/types.ts'),
      join(WIDGET_DIR, 'src/host/types.ts'),
      ...sourceFiles(join(WIDGET_DIR, 'src/loader')),
    ]
    for (const file of contracts) {
      const found = PRIVATE.filter((name) => propertyNames(file).has(name))
      expect(found, file).toEqual([])
    }
  })

  it('are never a prop of an HTML element in the components', () => {
    const found: string[] = []
    for (const file of sourceFiles(join(WIDGET_DIR, 'src')).filter((name) => name.endsWith('.tsx'))) {
      const visit = (node: ts.Node) => {
        if (
          (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
          /^[a-z]/.test(node.tagName.getText())
        )
          for (const attribute of node.attributes.properties)
            if (ts.isJsxAttribute(attribute) && PRIVATE.includes(attribute.name.getText()))
              found.push(`${file}: <${node.tagName.getText()} ${attribute.name.getText()}>`)
        ts.forEachChild(node, visit)
      }
      visit(parse(file))
    }
    expect(found).toEqual([])
  })

  it("are not read or written by Preact's own code", () => {
    const preact = readFileSync(createRequire(import.meta.url).resolve('preact'), 'utf8')
    const modulePath = createRequire(import.meta.url)
      .resolve('preact')
      .replace(/preact\.js$/, 'preact.module.js')
    const code = `${preact}\n${readFileSync(modulePath, 'utf8')}`
    expect(PRIVATE.filter((name) => new RegExp(`[.{,]${name}\\b`).test(code))).toEqual([])
  })

  it('are no member of the browser objects the widget touches', () => {
    const dom = parse(join(createRequire(import.meta.url).resolve('typescript'), '../lib.dom.d.ts'))
    const touched = new Set([
      'Window',
      'Document',
      'Node',
      'Element',
      'HTMLElement',
      'EventTarget',
      'Event',
      'UIEvent',
      'MouseEvent',
      'KeyboardEvent',
      'ShadowRoot',
      'CSSStyleSheet',
      'Response',
      'Body',
      'AbortController',
      'AbortSignal',
      'Storage',
      'Navigator',
      'Location',
      'URL',
    ])
    const members = new Set<string>()
    dom.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) && touched.has(node.name.text))
        for (const member of node.members)
          if (member.name && ts.isIdentifier(member.name)) members.add(member.name.text)
    })
    expect(members.has('history')).toBe(true)
    expect(PRIVATE.filter((name) => members.has(name))).toEqual([])
  })
})
