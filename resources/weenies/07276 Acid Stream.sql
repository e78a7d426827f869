/* Weenie - ProjectileSpell - Acid Stream (7276): a PortalKit sample in ACE's SQL file shape,
   naming the demo DAT's ids */
DELETE FROM `weenie` WHERE `class_Id` = 7276;

INSERT INTO `weenie` (`class_Id`, `class_Name`, `type`, `last_Modified`)
VALUES (7276, 'acidstream', 33, '2026-12-06 00:00:00') /* ProjectileSpell */;

INSERT INTO `weenie_properties_int` (`object_Id`, `type`, `value`)
VALUES (7276,   1,        0) /* ItemType */
     , (7276,  93,     148) /* PhysicsState */;

INSERT INTO `weenie_properties_bool` (`object_Id`, `type`, `value`)
VALUES (7276,  11, True ) /* IgnoreCollisions */;

INSERT INTO `weenie_properties_string` (`object_Id`, `type`, `value`)
VALUES (7276,   1, 'Acid Stream') /* Name */;

INSERT INTO `weenie_properties_d_i_d` (`object_Id`, `type`, `value`)
VALUES (7276,   1,   33555446) /* Setup */
     , (7276,   3,  536870913) /* SoundTable */
     , (7276,  22,  872415362) /* PhysicsEffectTable */;
