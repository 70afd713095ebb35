CREATE TABLE "register_changes" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 1 NOT NULL
);
