-- The id a sender's client gives each message it sends: a send retried after a lost response
-- (a customer on a mobile network, an agent on a flaky connection) is stored once.
alter table messages add column client_id text;

create unique index messages_sender_id_client_id_idx
  on messages (sender_id, client_id)
  where client_id is not null;
