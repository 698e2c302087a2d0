-- A bot answer drawn from a web page carries that page's address and title, shown under the
-- answer in the widget as a link, so the customer can read the whole page.
alter table messages add column source_link jsonb;
