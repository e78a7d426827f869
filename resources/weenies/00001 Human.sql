/* Weenie - Creature - Human (1): a PortalKit sample in ACE's SQL file shape, naming the demo
   DAT's human. It also carries the statements a real file has beyond the three tables the
   index keeps: an emote set whose actions point back at it through @parent_id. */
DELETE FROM `weenie` WHERE `class_Id` = 1;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)
VALUES (1, 'human', 10, '2026-12-06 00:00:00') /* Creature */;

INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)
VALUES (1,   1,         16) /* ItemType - Creature */
     , (1,   2,         31) /* CreatureType - Human */
     , (1,  25,          1) /* Level */;

INSERT INTO `weenie_properties_float` (`object_Id`, `type`, `value`)
VALUES (1,   1,       5) /* HeartbeatInterval */
     , (1,  39,     1.0) /* DefaultScale */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (1,   1, 'Human') /* Name */
     , (1,  16, 'A plain \"human\";\nit''s what you are.') /* LongDesc */;

INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (1,   1,   33554433) /* Setup */
     , (1,   2,  150994945) /* MotionTable */
     , (1,   3,  536870913) /* SoundTable */;

INSERT INTO `weenie_properties_emote` (`object_Id`, `category`, `probability`, `weenie_Class_Id`, `style`, `substyle`, `quest`, `vendor_Type`, `min_Health`, `max_Health`)
VALUES (1,  7 /* Use */, 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SET @parent_id = LAST_INSERT_ID();

INSERT INTO `weenie_properties_emote_action` (`emote_Id`, `order`, `type`, `delay`, `extent`, `motion`, `message`)
VALUES (@parent_id,  0,  10 /* Tell */, 0, 1, NULL, 'Greetings -- and /* welcome */.');
