import { scriptValue } from './html'

/**
 * A tiny stand-in for a tag manager's container script (`gtm.js`): it holds one Custom HTML tag and,
 * on DOM ready, injects it the way Google Tag Manager does — `{{Variable}}` references replaced by
 * code that reads the variable when it runs, and each <script> of the tag re-created as a new element
 * (scripts set through innerHTML never run). The tag text is snippetForTagManager's, unchanged.
 */
export function tagManagerContainer(tagHtml: string): string {
  return `(function () {
  var tag = ${scriptValue(tagHtml)};
  var dataLayer = (window.dataLayer = window.dataLayer || []);
  // Data Layer Variables: the newest value pushed under each key.
  var variables = { 'Retainkit token': 'retainkitToken' };
  window.sandboxTagManager = {
    variable: function (name) {
      var key = variables[name];
      for (var i = dataLayer.length - 1; i >= 0; i--) {
        if (dataLayer[i] && dataLayer[i][key] !== undefined) return dataLayer[i][key];
      }
      return undefined;
    },
    fired: 0
  };
  function fire() {
    var html = tag.replace(/\\{\\{([^}]+)\\}\\}/g, function (_, name) {
      return 'window.sandboxTagManager.variable(' + JSON.stringify(name) + ')';
    });
    var holder = document.createElement('div');
    holder.innerHTML = html;
    var scripts = holder.querySelectorAll('script');
    for (var i = 0; i < scripts.length; i++) {
      var script = document.createElement('script');
      for (var a = 0; a < scripts[i].attributes.length; a++) {
        script.setAttribute(scripts[i].attributes[a].name, scripts[i].attributes[a].value);
      }
      script.text = scripts[i].text;
      document.body.appendChild(script);
    }
    window.sandboxTagManager.fired++;
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fire);
  else fire();
})();
`
}
