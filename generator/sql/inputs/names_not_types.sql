-- data/readings.yml `names_not_types`: names in rules text that name no creature (046_face_text.sql).
CREATE TABLE names_not_types (name VARCHAR PRIMARY KEY);
