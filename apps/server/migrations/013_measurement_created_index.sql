-- The measurement admin list shows the newest readings first over every pod (created DESC, id DESC).
-- Without an index on created each page sorted every matching reading: about a second per page on
-- 10 M readings, which 200 concurrent pages turned into a stall (bench/stall). With it a page reads
-- its rows in order and stops after them (an incremental sort breaks ties on id). Readings arrive in
-- time order, so each insert lands on the rightmost leaf.
CREATE INDEX measurement_created_idx ON measurement (created);
