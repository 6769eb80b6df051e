/**
 * The widget's style sheet, applied inside its shadow root. Every colour, radius and font comes from the
 * `--rk-*` custom properties on `:host` (the server's `themeCss`, from shared/theme.ts), every size is in
 * px or em so a host page's `html{font-size}` cannot scale it, and `:host{all:initial}` (important: the
 * page's rules would win over a normal `:host` rule) cuts inheritance from the page. (A config cached
 * from before `themeCss` existed is asked for again, past the cache: see api/client.ts.)
 *
 * Sides are logical (`margin-inline-start`, `border-inline-start`, `inset-inline`): the widget's host
 * element carries the subscriber's `dir`, and `all:initial` leaves direction alone, so Arabic and
 * Hebrew get the whole layout mirrored with no rule of their own.
 *
 * Two weights (400, 600) and four sizes (14, 16, 20 px, the heading's shared by the close button's ×):
 * each further weight or size of the system font is one more synchronous font load in the first
 * layout after a cold open (a trace of the first screen: ~1 ms per face, ~0.45 ms per size; h2's
 * default bold and a 24 px × had cost ~1.5-2 ms of a ~47 ms click to dialog).
 *
 * The sheet ships in the size-budgeted bundle: one rule per line (the build drops the line breaks),
 * shared declarations grouped, and one- or two-letter class names:
 * d dialog (a modal <dialog> over its ::backdrop) · i inline (the preview's own rules, INLINE_CSS in preview/) · h header · t progress · x close
 * y the screen (scrolls alone, so the actions below it stay in view) · s subheadline · f field · r radio
 * option · n note/details · e error · a actions (stacked, primary first) · b back · p primary · k banner
 */
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important}
*{box-sizing:border-box}
::backdrop{background:#0f172a99}
.d,.k{background:var(--rk-bg);color:var(--rk-text);font:16px/1.5 var(--rk-font);border-radius:var(--rk-radius)}
.d{width:100%;max-width:480px;max-height:calc(100vh - 32px);border:0;display:flex;flex-direction:column;padding:20px 24px 24px;box-shadow:0 12px 40px #00000059}
.y{overflow:auto;min-height:0;margin:0 -6px;padding:0 6px}
.h{display:flex;align-items:center;gap:8px;min-height:32px;margin-bottom:8px}
.t,.s{color:var(--rk-muted)}
.t{font-size:14px}
h2{margin:0 0 8px;font-size:20px;font-weight:600;line-height:1.3;outline:0}
p,fieldset,.f,.n,.e{margin:0 0 16px}
button,select,textarea,input{font:inherit;color:inherit;margin:0}
button,.r,select,textarea,.n{border:1px solid var(--rk-border);border-radius:var(--rk-radius)}
button{cursor:pointer;min-height:44px;padding:10px 16px;background:var(--rk-bg);font-weight:600}
.p{background:var(--rk-primary);border-color:var(--rk-primary);color:var(--rk-primary-text)}
.b,.x,fieldset{border:0;background:none}
.b{color:var(--rk-secondary);text-decoration:underline;font-weight:400}
.x{min-height:40px;width:40px;padding:0;font-size:20px;line-height:1;margin-inline-start:auto}
:focus-visible{outline:3px solid var(--rk-focus);outline-offset:2px}
fieldset{padding:0;min-width:0}
.r{display:flex;align-items:center;gap:12px;padding:10px 12px;margin-bottom:8px;cursor:pointer}
.r input{width:18px;height:18px;accent-color:var(--rk-primary)}
.f,.f span,select,textarea{display:block}
.f span{margin-bottom:4px;font-weight:600}
select,textarea{width:100%;padding:10px;background:var(--rk-bg)}
textarea{min-height:96px;resize:vertical}
.n{padding:12px}
.n>:last-child{margin-bottom:0}
.e{padding:8px 12px;border-inline-start:4px solid #d92d20}
.e p{margin-bottom:8px}
.a{display:flex;flex-direction:column;gap:8px}
.k{position:fixed;inset-inline:16px;bottom:16px;z-index:2147483646;max-width:640px;margin:0 auto;padding:16px 20px;box-shadow:0 8px 30px #0000004d}
.k .a{flex-direction:row;justify-content:flex-end}
@media (max-width:480px){.d{max-width:none;max-height:90vh;margin-bottom:0;border-radius:var(--rk-radius) var(--rk-radius) 0 0}}
`
