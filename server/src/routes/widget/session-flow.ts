import type { CancelFlowConfig } from '@retainkit/shared/config-types'
import type { CancelSession } from '../../db/tables'

/**
 * A session keeps the flow it showed: the copy stored with it when it starts, read back when the
 * subscriber accepts, so a config the merchant saves meanwhile changes only sessions started after it.
 */

/** What a session stores of its flow: everything but the translations (its words are already chosen). */
export function sessionFlowCopy(config: CancelFlowConfig): CancelFlowConfig {
  const { languages: _languages, ...flow } = config
  return flow
}

/** The flow the session ran; the published one only for sessions stored before sessions kept theirs. */
export function sessionFlowConfig(session: CancelSession, published: CancelFlowConfig): CancelFlowConfig {
  return (session.flow_config as CancelFlowConfig | null) ?? published
}
