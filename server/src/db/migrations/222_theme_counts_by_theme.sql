-- The themes data set chooses its themes from their totals and then reads only the chosen themes' daily
-- counts: this index finds one theme's days without going through every theme of the period.
create index analytics_daily_themes_by_theme on analytics_daily_themes (account_id, live, theme, day);
