-- A bot answer about one product carries the product's card (name, price in the workspace's
-- currency, stock, photo) as the bot read it, shown beside the answer in the widget.
alter table messages add column product_card jsonb;
