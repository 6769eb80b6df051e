import type { Page } from 'playwright-core'

/**
 * Values of the page's tables that a reader cannot tie to their column. A table drawn as a table (its
 * header row shown) labels its columns itself; a table drawn as cards on a phone (header row hidden)
 * must show its column's name with every value (the cell's ::before text, the header's exact words).
 * A cell holding only controls (a row's actions: buttons, links, labelled fields) names itself. Every
 * field in a table needs a label that is drawn (not only one for screen readers), and an empty cell
 * shows no column name over nothing. Returns readable problems; an empty list when there are none.
 */
export async function unlabelledTableValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const words = (node: Node | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
    // Drawn: some of its box is left once every clipping ancestor (a visually hidden header row sits in
    // a 1 px, clipped box) has cut it.
    const drawn = (element: Element) => {
      if (getComputedStyle(element).visibility === 'hidden') return false
      const box = element.getBoundingClientRect()
      let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom]
      for (let current: Element | null = element; current; current = current.parentElement) {
        const style = getComputedStyle(current)
        if (style.clipPath !== 'none' || style.display === 'none') return false
        if (current === element || (style.overflowX === 'visible' && style.overflowY === 'visible')) continue
        const clip = current.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return right - left > 2 && bottom - top > 2
    }
    // The label a cell draws before its value: the content before any "/ alt text" (which is what
    // assistive technology gets instead: nothing, since it reads the column header).
    const drawnLabel = (cell: Element) =>
      getComputedStyle(cell, '::before').content.replace(/ \/ "[^"]*"$/, '')
    const actionsOnly = (cell: Element) => {
      const clone = cell.cloneNode(true) as Element
      // Controls, and the labels of its fields (checked apart), are not values.
      for (const control of clone.querySelectorAll(
        'button, a, [role="button"], label, input, select, textarea',
      ))
        control.remove()
      return words(clone) === ''
    }
    for (const table of document.querySelectorAll('main table')) {
      if (!drawn(table)) continue
      const name = words(table.querySelector('caption')) || words(table.querySelector('thead'))
      const headerRow = table.querySelector('thead tr:last-child')
      const headers = headerRow ? [...headerRow.children].map((cell) => words(cell)) : []
      const headerShown = headerRow !== null && drawn(headerRow)
      for (const row of table.querySelectorAll('tbody tr')) {
        ;[...row.children].forEach((cell, index) => {
          if (!drawn(cell)) return
          if (words(cell) === '' && !cell.querySelector('input, select, textarea')) {
            // A column's name over nothing (the holdout arm has no weight) reads as a value left out.
            const label = drawnLabel(cell)
            if (!headerShown && label !== 'none' && label !== 'normal')
              problems.push(`${name}: ${label} is drawn over an empty cell`)
            return
          }
          for (const field of cell.querySelectorAll('input, select, textarea')) {
            const labels = [...((field as HTMLInputElement).labels ?? [])]
            if (!labels.some(drawn)) problems.push(`${name}: a field in '${words(cell)}' has no drawn label`)
          }
          if (headerShown || actionsOnly(cell)) return
          const shown = drawnLabel(cell)
          const expected = JSON.stringify(headers[index] ?? '')
          if (shown !== expected)
            problems.push(`${name}: '${words(cell)}' shows ${shown}, its column is ${expected}`)
        })
      }
    }
    return problems
  })
}

/**
 * What a screen reader gets for each table on the page, from Chromium's own accessibility tree: the
 * roles of the tables and of their cells with content (a table drawn as cards must stay a table, so
 * each value is read with its column header). Returns the role of each table, then of each cell.
 */
export async function tableRoles(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  try {
    const document = (await session.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } }
    const { nodeIds } = (await session.send('DOM.querySelectorAll', {
      nodeId: document.root.nodeId,
      selector: 'main table, main tbody th:not(:empty), main tbody td:not(:empty)',
    })) as { nodeIds: number[] }
    const roles: string[] = []
    for (const nodeId of nodeIds) {
      const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
        nodeId,
        fetchRelatives: false,
      })) as { nodes: Array<{ role?: { value?: string }; ignored?: boolean }> }
      const node = nodes[0]
      roles.push(node?.ignored ? 'ignored' : String(node?.role?.value ?? 'none'))
    }
    return roles
  } finally {
    await session.detach()
  }
}
