-- A sharper still for gallery, profile and collection tiles: fits inside 640 px (WebP), so a tile
-- drawn 320 CSS pixels wide on a 2× screen is not soft. Items made before it have none; their
-- tiles keep the 320 px thumbnail (and a still's 768 px preview) in their srcset.
ALTER TABLE content ADD COLUMN tile_key text;
