import { configure } from '@testing-library/dom'

/**
 * How long `findBy…` and `waitFor` wait before failing: 5 s instead of Testing Library's 1 s. Two
 * workers share a 2-core CI machine, and a console page with its live preview can take longer than a
 * second to redraw there; a wait that passes still returns at once, so the longer limit costs nothing
 * when things work (the browser suites' polls do the same). Speed is the benchmarks' business.
 */
configure({ asyncUtilTimeout: 5000 })
