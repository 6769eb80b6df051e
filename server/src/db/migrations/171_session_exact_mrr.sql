-- The session's MRR unrounded (issue 38: round once). `mrr` stays the whole minor units the dashboard
-- and the export read; an offer's MRR after (20 % off an annual price over 12 months) is computed from
-- this exact value and rounded once, instead of from the already-rounded one (29000 / 12 → 2417, × 0.8
-- → 1934, where 29000 × 0.8 / 12 is 1933.33). Null for sessions started before it (then `mrr` stands in).
alter table cancel_sessions add column mrr_exact double precision;
