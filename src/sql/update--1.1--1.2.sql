-- Update from 1.1 to 1.2.  1.2 adds ids contained in a tstzmultirange
-- (type-multirange.sql.in for each type).  And 1.0's cast functions whose
-- casts 1.1 made binary (T_to_uuid of wiji, ulid, muid; T_from_uuid of
-- ulid, muid) get a planner support function that turns a call into that
-- binary cast (binary-cast.sql, then type-binary-cast.sql.in for each
-- type): index expressions, index predicates and ON CONFLICT targets made
-- under 1.0 with T::uuid stored a call of the function, and match T::uuid
-- as written since 1.1 again.  The same files as the install script.

\echo Use "ALTER EXTENSION idgen UPDATE TO '1.2'" to load this file. \quit
