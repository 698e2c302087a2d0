-- Customers by name or e-mail address with one trigram index instead of one per field: a search
-- word is looked for once, in the whole of "first last e-mail", by word similarity (`<%`), so a
-- misspelled word still finds the name or address it nearly is. Three indexes meant three index
-- reads a word, each through the trigrams every address shares ("mail", "com"), for names that
-- are mostly nowhere near the query. The Customers list's "contains" filter reads the same index.
drop index customers_first_name_trgm_idx;
drop index customers_last_name_trgm_idx;
drop index customers_email_trgm_idx;
create index customers_search_trgm_idx on customers
  using gin (lower(first_name || ' ' || last_name || ' ' || coalesce(email, '')) gin_trgm_ops);
