CREATE TABLE "tax_texts" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"text_de" text,
	"text_en" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_texts_kind_key_pk" PRIMARY KEY("kind","key")
);
