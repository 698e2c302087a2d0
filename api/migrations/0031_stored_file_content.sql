-- A small file that arrives by mail (up to 64 KB: receipts, signatures' images) keeps its bytes
-- in its row, written by the statement that records the mail. Creating a file on disk cost more
-- than storing the rest of the mail (0.3 to 1 ms of the receiver's thread while the database
-- writes), and a file in its row commits or rolls back with its mail: none is left behind.
-- Null: the bytes are on disk under STORAGE_DIR at `path`, as every upload's are.
alter table stored_files add column content bytea;
