-- The booking is one statement (decision 0034): when a day is full, the coupon used up, the year's invoice
-- numbers exhausted or the drawn reference taken, the statement must undo what its earlier parts already did
-- (a day's count, a coupon use, an invoice number). Plain SQL cannot raise an error; this function does, and the
-- error aborts the whole statement. The reason is the message; the shop maps it (checkout-book.server.ts).
CREATE FUNCTION "shop_refuse"("reason" text) RETURNS text LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = reason, HINT = 'shop_refusal';
END;
$$;
