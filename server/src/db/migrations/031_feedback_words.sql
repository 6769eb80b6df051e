-- Write-in words tokenised once, when the feedback is stored, instead of on every dashboard load: the
-- tokeniser (normalize + regexp split) is most of the cost of the write-in word cloud. The function is
-- exactly the SQL form of shared `wordFrequencies` steps 1–4 (see shared/src/analytics.ts) minus the
-- stop words, which the query applies so the list can change without rewriting rows. ASCII text is
-- already NFC, so normalize() is skipped for it.
-- lower() and [[:alpha:]] follow the database's default collation. When that collation is not
-- Unicode-aware (plain C), the server detects it at run time and tokenises live under a Unicode one
-- instead of reading this column (server/src/services/analytics/text-collation.ts).
create function retainkit_feedback_tokens(feedback text) returns text[] language sql immutable parallel safe as $$select coalesce(array_agg(word), '{}') from (select btrim(token, '''') as word from regexp_split_to_table(lower(replace(case when octet_length(feedback) = char_length(feedback) then feedback else normalize(feedback, NFC) end, '’', '''')), '[^[:alpha:]'']+') as token) as tokens where char_length(word) >= 2$$;

alter table session_events add column words text[]
  generated always as (case when step = 'feedback_submitted' then retainkit_feedback_tokens(text) end) stored;
