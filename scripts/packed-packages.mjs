// The publishable packages as an app gets them from npm, for their tests and the browser suite: built
// (scripts/build.mjs, a no-op when up to date), `npm pack`-ed, and unpacked into
// `<project>/node_modules/<name>` — what `npm install <tarball>` does for a package without
// dependencies of its own outside this set — so an app in `project` resolves the packed files, never
// the workspace links. Projects live under tests/artifacts/ so that what the packages leave to the app
// (react, react-dom, vite) resolves from the repository's node_modules further up.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

const DIRS = { '@retainkit/js': 'packages/js', '@retainkit/react': 'packages/react' }

const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

/** Builds and packs `names`; answers each package's tarball and the files npm put in it. */
export function packPackages(names, destination) {
  run(process.execPath, [join(ROOT, 'scripts/build.mjs'), 'js', 'react'], ROOT)
  mkdirSync(destination, { recursive: true })
  return Object.fromEntries(
    names.map((name) => {
      const [packed] = JSON.parse(
        run('npm', ['pack', '--json', '--pack-destination', destination], join(ROOT, DIRS[name])),
      )
      return [
        name,
        { tarball: join(destination, packed.filename), files: packed.files.map((f) => f.path).sort() },
      ]
    }),
  )
}

/** A fresh project under tests/artifacts/ with `names` unpacked from their tarballs into node_modules. */
export function projectWithPacked(names, prefix = 'packed-') {
  const artifacts = join(ROOT, 'tests/artifacts')
  mkdirSync(artifacts, { recursive: true })
  const project = mkdtempSync(join(artifacts, prefix))
  const packed = packPackages(names, join(project, 'tarballs'))
  for (const name of names) {
    const target = join(project, 'node_modules', name)
    mkdirSync(target, { recursive: true })
    run('tar', ['-xzf', packed[name].tarball, '-C', target, '--strip-components=1'], project)
  }
  return { project, packed }
}
