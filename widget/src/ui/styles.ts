/**
 * The widget's style sheet, applied inside its shadow root. Every colour, radius and font comes from the
 * `--rk-*` custom properties on `:host` (shared/theme.ts), every size is in px or em so a host page's
 * `html{font-size}` cannot scale it, and `:host{all:initial}` (important: the page's rules would win over
 * a normal `:host` rule) cuts inheritance from the page. Class names are one or two letters: the sheet
 * ships in the size-budgeted bundle.
 *
 * o overlay · d dialog · i inline (preview) · h header · t progress · x close · s subheadline · f field
 * r radio option · n note/details · e error · a actions (stacked, primary first) · b back · p primary ·
 * l link-style · k banner
 */
export const WIDGET_CSS = `
:host{all:initial!important;display:block!important}
*{box-sizing:border-box}
.o{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(15,23,42,.6)}
.d,.k{background:var(--rk-bg);color:var(--rk-text);font:16px/1.5 var(--rk-font);border-radius:var(--rk-radius)}
.d{position:relative;width:100%;max-width:480px;max-height:calc(100vh - 32px);overflow:auto;padding:20px 24px 24px;box-shadow:0 12px 40px rgba(0,0,0,.35)}
.i{padding:16px}
.i .d{max-height:none;box-shadow:0 2px 12px rgba(0,0,0,.2)}
.h{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:32px;margin-bottom:8px}
.t{color:var(--rk-muted);font-size:14px}
h2{margin:0 0 8px;font-size:20px;line-height:1.3;font-weight:700;outline:0}
p{margin:0 0 16px}
.s{color:var(--rk-muted)}
button,select,textarea,input{font:inherit;color:inherit;margin:0}
button{cursor:pointer;min-height:44px;padding:10px 16px;border-radius:var(--rk-radius);border:1px solid var(--rk-border);background:var(--rk-bg);font-weight:600}
button:disabled{cursor:default;opacity:.6}
.p{background:var(--rk-primary);border-color:var(--rk-primary);color:var(--rk-primary-text)}
.l{border:0;background:none;padding:10px 4px;color:var(--rk-secondary);text-decoration:underline;font-weight:400}
.x{min-height:40px;width:40px;padding:0;border:0;background:none;font-size:24px;line-height:1;margin-left:auto}
:focus-visible{outline:3px solid var(--rk-focus);outline-offset:2px}
fieldset{border:0;margin:0 0 16px;padding:0;min-width:0}
.r{display:flex;align-items:center;gap:12px;padding:10px 12px;margin-bottom:8px;border:1px solid var(--rk-border);border-radius:var(--rk-radius);cursor:pointer}
.r input{width:18px;height:18px;accent-color:var(--rk-primary)}
.f{display:block;margin-bottom:16px}
.f span{display:block;font-weight:600;margin-bottom:4px}
select,textarea{display:block;width:100%;padding:10px;border:1px solid var(--rk-border);border-radius:var(--rk-radius);background:var(--rk-bg)}
textarea{min-height:96px;resize:vertical}
.n{margin:0 0 16px;padding:12px;border:1px solid var(--rk-border);border-radius:var(--rk-radius)}
.n>:last-child{margin-bottom:0}
dl.n{display:grid;grid-template-columns:auto 1fr;gap:4px 16px}
dt{font-weight:600}
dd{margin:0}
.e{margin:0 0 16px;padding:8px 12px;border-left:4px solid #d92d20}
.e p{margin:0 0 8px}
.a{display:flex;flex-direction:column;gap:8px}
.b{border:0;background:none;color:var(--rk-secondary);text-decoration:underline;font-weight:400}
.c{text-align:center;margin:8px 0 0}
.v{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.k{position:fixed;left:16px;right:16px;bottom:16px;z-index:2147483646;max-width:640px;margin:0 auto;padding:16px 20px;box-shadow:0 8px 30px rgba(0,0,0,.3)}
.i .k{position:static}
.k h2{font-size:18px}
.k p{margin-bottom:12px}
.k .a{flex-direction:row;justify-content:flex-end}
@media (max-width:480px){.o{align-items:flex-end;padding:0}.d{max-width:none;max-height:90vh;border-radius:var(--rk-radius) var(--rk-radius) 0 0}}
@media (prefers-reduced-motion:no-preference){.d,.k{animation:rk-in .16s ease-out}}
@keyframes rk-in{from{opacity:0;transform:translateY(8px)}}
`
