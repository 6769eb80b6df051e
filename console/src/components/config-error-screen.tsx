import { USER_MESSAGES } from '@retainkit/shared/errors'
import type { ConfigProblem } from '../lib/runtime-config'

/**
 * The CONFIGURATION_ERROR screen of the startup check: the catalogue message and which
 * settings are wrong — names and rules only, never values (some are keys).
 */
export function ConfigErrorScreen({ problems }: { problems: ConfigProblem[] }) {
  return (
    <main className="rk-error-screen" role="alert">
      <h1>Configuration error</h1>
      <p>{USER_MESSAGES.CONFIGURATION_ERROR}</p>
      <p>The console's runtime configuration (/runtime-config.json) is not valid:</p>
      <ul className="rk-config-problems">
        {problems.map((problem) => (
          <li key={`${problem.setting}-${problem.rule}`}>
            <code>{problem.setting}</code> {problem.rule}
          </li>
        ))}
      </ul>
      <p className="rk-muted">Error code: CONFIGURATION_ERROR</p>
    </main>
  )
}
