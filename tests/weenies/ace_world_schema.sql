-- A small ace_world schema for tst_weenie_mysql: the weenie table and the property tables the
-- sample weenies (resources/weenies) fill, with the column names, types and keys of ACE's world
-- database. Each property row belongs to its weenie and goes with it (ON DELETE CASCADE), so the
-- samples' own `DELETE FROM weenie` lines work as they do on a real server.

CREATE TABLE `weenie` (
  `class_Id` int(10) unsigned NOT NULL COMMENT 'Weenie Class Id (wcid) / WCID',
  `class_Name` varchar(100) NOT NULL,
  `type` int(5) NOT NULL DEFAULT 0 COMMENT 'WeenieType',
  `last_Modified` datetime NOT NULL DEFAULT current_timestamp() ON UPDATE current_timestamp(),
  PRIMARY KEY (`class_Id`),
  UNIQUE KEY `className_UNIQUE` (`class_Name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_int` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `type` smallint(5) unsigned NOT NULL DEFAULT 0,
  `value` int(10) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  UNIQUE KEY `wcid_int_type_uidx` (`object_Id`, `type`),
  CONSTRAINT `wcid_int` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_float` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `type` smallint(5) unsigned NOT NULL DEFAULT 0,
  `value` double NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  UNIQUE KEY `wcid_float_type_uidx` (`object_Id`, `type`),
  CONSTRAINT `wcid_float` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_bool` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `type` smallint(5) unsigned NOT NULL DEFAULT 0,
  `value` bit(1) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `wcid_bool_type_uidx` (`object_Id`, `type`),
  CONSTRAINT `wcid_bool` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_string` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `type` smallint(5) unsigned NOT NULL DEFAULT 0,
  `value` text NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `wcid_string_type_uidx` (`object_Id`, `type`),
  CONSTRAINT `wcid_string` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_d_i_d` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `type` smallint(5) unsigned NOT NULL DEFAULT 0,
  `value` int(10) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`),
  UNIQUE KEY `wcid_did_type_uidx` (`object_Id`, `type`),
  CONSTRAINT `wcid_did` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_emote` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `object_Id` int(10) unsigned NOT NULL,
  `category` int(10) unsigned NOT NULL,
  `probability` float NOT NULL DEFAULT 1,
  `weenie_Class_Id` int(10) unsigned DEFAULT NULL,
  `style` int(10) unsigned DEFAULT NULL,
  `substyle` int(10) unsigned DEFAULT NULL,
  `quest` text DEFAULT NULL,
  `vendor_Type` int(10) DEFAULT NULL,
  `min_Health` float DEFAULT NULL,
  `max_Health` float DEFAULT NULL,
  PRIMARY KEY (`id`),
  CONSTRAINT `wcid_emote` FOREIGN KEY (`object_Id`) REFERENCES `weenie` (`class_Id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `weenie_properties_emote_action` (
  `id` int(10) unsigned NOT NULL AUTO_INCREMENT,
  `emote_Id` int(10) unsigned NOT NULL,
  `order` int(10) unsigned NOT NULL,
  `type` int(10) unsigned NOT NULL,
  `delay` float NOT NULL DEFAULT 0,
  `extent` float NOT NULL DEFAULT 1,
  `motion` int(10) unsigned DEFAULT NULL,
  `message` text DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `emoteid_order_uidx` (`emote_Id`, `order`),
  CONSTRAINT `emote_action` FOREIGN KEY (`emote_Id`) REFERENCES `weenie_properties_emote` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
