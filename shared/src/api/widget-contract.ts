import type { z } from 'zod'
import type * as api from '../widget-api'
import type * as widget from './responses-widget'

/**
 * The widget's contract types (`widget-api.ts`) stay zod-free so the browser bundle carries no zod;
 * these compile-time checks tie them to the response schemas both ways, so neither can change alone.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T

export type WidgetContractHolds = [
  Assert<Same<z.output<typeof widget.widgetConfig>, api.WidgetConfigResponse>>,
  Assert<Same<z.output<typeof widget.sessionStarted>, api.SessionStartResponse>>,
  Assert<Same<z.output<typeof widget.eventsPartlyStored>, api.SessionEventsPartialResponse>>,
  Assert<Same<z.output<typeof widget.offerAccepted>, api.AcceptOfferResponse>>,
  Assert<Same<z.output<typeof widget.cancelled>, api.CancelResponse>>,
  Assert<Same<z.output<typeof widget.statutoryReceived>, api.StatutoryResponse>>,
  Assert<Same<z.output<typeof widget.routeAnswer>, api.RouteResponse>>,
  Assert<Same<z.output<typeof widget.reactivation>, api.ReactivationResponse>>,
  Assert<Same<z.output<typeof widget.reactivated>, api.ReactivationAcceptResponse>>,
]
