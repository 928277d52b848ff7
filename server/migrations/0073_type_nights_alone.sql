-- Room-type nights: a call that sends no locks skips migration 0072's first look (server/src/orders/inventory.ts).
--
-- The first look (pms_type_nights_closed) exists to keep a claim that will have to count off the shared locks, so
-- that it does not ask for them shared and then exclusively. With no locks to take (the embedded PGlite runs one
-- transaction at a time, and sends none), it decides nothing the full look (pms_type_nights_floating) does not: every
-- stay it finds, the full look finds too. Such a call now goes straight to the full look, one query fewer per
-- reservation on a desk. With locks, the steps are 0072's, unchanged.
--
-- `npm run bench -- type-nights` (PGlite, called as the desk calls it, 500 beds; 2026-12-07), before → after: bookings
-- 1.56 → 1.45 ms for a night and 3.05 → 2.83 ms for a week, walk-ins 1.63 → 1.39 and 4.11 → 3.62 ms.
--
-- Tested: test/api/type-nights-count.test.ts (on both databases; on PGlite every claim goes through this path, each
-- kind of floating stay included), test/api/type-nights-locks.test.ts (with locks: 0072's steps, unchanged).
CREATE OR REPLACE FUNCTION pms_type_nights_require(
  lock_keys bigint[], type_ids bigint[], starts timestamptz[], ends timestamptz[], pid bigint, overbook int
) RETURNS void
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  IF overbook >= 0 AND (cardinality(lock_keys) = 0 OR NOT pms_type_nights_closed(type_ids, starts, ends, pid)) THEN
    PERFORM pg_advisory_xact_lock_shared(k) FROM unnest(lock_keys) AS k;
    IF NOT pms_type_nights_floating(type_ids, starts, ends, pid) THEN
      RETURN;
    END IF;
  END IF;
  PERFORM pms_type_nights_count(lock_keys, type_ids, starts, ends, pid, overbook);
END $$;
