CREATE TABLE "bank_directory" (
	"bik" varchar(9) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"correspondent_account" varchar(20),
	"city" text,
	"updated_at" timestamp with time zone NOT NULL
);
